/// A style's default timing for one operation: the seed's own values.
public struct StyleTiming: Sendable, Hashable {
  public var duration: Double
  public var curve: CurveSpec

  public init(duration: Double, curve: CurveSpec) {
    self.duration = duration
    self.curve = curve
  }
}
