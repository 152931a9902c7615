/// A continuous change of one layer property over the plan's timing, started after `delay`
/// (docs/TIMING.md section 8).
public struct Track: Sendable, Hashable {
  public var change: TrackChange
  /// Seconds of plan time before the track starts (cascades); the track holds `from` until
  /// then. 0 for none.
  public var delay: Double
  /// For a frame track along an arc: the control point of the quadratic Bezier its centre
  /// follows (docs/TIMING.md section 9); nil for a straight path.
  public var arcControl: Point?

  public init(_ change: TrackChange, delay: Double = 0, arcControl: Point? = nil) {
    self.change = change
    self.delay = delay
    self.arcControl = arcControl
  }

  public static func frame(from: Rect, to: Rect, delay: Double = 0, arcControl: Point? = nil)
    -> Track
  {
    Track(.frame(from: from, to: to), delay: delay, arcControl: arcControl)
  }

  public static func alpha(from: Double, to: Double, delay: Double = 0) -> Track {
    Track(.alpha(from: from, to: to), delay: delay)
  }

  public static func transform(from: Transform3D, to: Transform3D, delay: Double = 0) -> Track {
    Track(.transform(from: from, to: to), delay: delay)
  }

  public static func cornerRadius(from: Double, to: Double, delay: Double = 0) -> Track {
    Track(.cornerRadius(from: from, to: to), delay: delay)
  }

  public static func contentFrame(from: Rect, to: Rect, delay: Double = 0) -> Track {
    Track(.contentFrame(from: from, to: to), delay: delay)
  }

  public static func shadowOpacity(from: Double, to: Double, delay: Double = 0) -> Track {
    Track(.shadowOpacity(from: from, to: to), delay: delay)
  }

  public var property: String { change.property }
}
