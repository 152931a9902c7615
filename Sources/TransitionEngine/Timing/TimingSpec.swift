/// The `timing` of a request: either part may be absent and then takes the style's value.
public struct TimingSpec: Sendable, Hashable {
  public var duration: Double?
  public var curve: CurveSpec?

  public init(duration: Double? = nil, curve: CurveSpec? = nil) {
    self.duration = duration
    self.curve = curve
  }
}
