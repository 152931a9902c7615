/// How long lingering lasts and what it has thrown away (it closes at the deadline, or past
/// ``ConnectionRules/lingerDiscardLimit``).
public struct Lingering: Sendable, Equatable {
  public internal(set) var deadline: UInt64
  public internal(set) var discarded = 0
}
