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
  /// What only reversals give a track, boxed: inline, a timing and two decomposed transforms
  /// made every track (copied with its layer) four times larger, and a zoom push miss took
  /// 2.8 % more instructions (callgrind, planner-bench --misses).
  private var retrace: RetraceBox?

  /// The track's own resolved timing, replacing the plan's; nil: the plan's. Only reversals
  /// produce one: with a spring, a cascade's tracks go back with velocities of their own
  /// (docs/TIMING.md section 11).
  public var timing: Timing? {
    get { retrace?.timing }
    set {
      retrace = RetraceBox.make(timing: newValue, decomposedEnds: decomposedEnds, motion: motion)
    }
  }

  /// For a transform track that retraces a piece of a forward track: the decomposed parts of
  /// its ends on the forward path, interpolated instead of decomposing `from` and `to` again
  /// (a recomposed matrix need not decompose into the same parts).
  public var decomposedEnds: DecomposedEnds? {
    get { retrace?.decomposedEnds }
    set { retrace = RetraceBox.make(timing: timing, decomposedEnds: newValue, motion: motion) }
  }

  /// A retarget plan's spring or additive motion (docs/TIMING.md 14); nil for a plain track,
  /// which runs from `from` to `to` under its timing after its delay.
  public var motion: TrackMotion? {
    get { retrace?.motion }
    set {
      retrace = RetraceBox.make(timing: timing, decomposedEnds: decomposedEnds, motion: newValue)
    }
  }

  public init(_ change: TrackChange, delay: Double = 0, arcControl: Point? = nil) {
    self.change = change
    self.delay = delay
    self.arcControl = arcControl
    self.retrace = nil
  }

  /// A track with reversal-only members (kept apart from the common initialiser, which every
  /// style calls for every track).
  public init(
    _ change: TrackChange, delay: Double = 0, arcControl: Point? = nil, timing: Timing?,
    decomposedEnds: DecomposedEnds?
  ) {
    self.init(change, delay: delay, arcControl: arcControl)
    self.retrace = RetraceBox.make(timing: timing, decomposedEnds: decomposedEnds, motion: nil)
  }

  /// A retarget's spring or additive track, its own timing (nil: the plan's) and motion set in
  /// one step (each set apart would box the members again).
  init(_ change: TrackChange, timing: Timing?, motion: TrackMotion) {
    self.init(change)
    self.retrace = RetraceBox.make(timing: timing, decomposedEnds: nil, motion: motion)
  }

  /// Whether the track has a timing, decomposed ends or a motion of its own (a cheap test
  /// before reading any).
  public var retraces: Bool { retrace != nil }

  /// When the track holds its `to` for good with the plan's timing `plan`: its delay plus its
  /// timing's duration (summed once), or its motion's end.
  public func end(planTiming plan: Timing) -> Double {
    guard retraces else { return delay + plan.duration }
    if let motion { return motion.end }
    return delay + (timing ?? plan).duration
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

/// A track's reversal- and retarget-only members, compared by value.
private final class RetraceBox: Sendable, Hashable {
  let timing: Timing?
  let decomposedEnds: DecomposedEnds?
  let motion: TrackMotion?
  init(timing: Timing?, decomposedEnds: DecomposedEnds?, motion: TrackMotion?) {
    self.timing = timing
    self.decomposedEnds = decomposedEnds
    self.motion = motion
  }

  /// nil when there is nothing to keep, so that tracks without any compare as before.
  static func make(timing: Timing?, decomposedEnds: DecomposedEnds?, motion: TrackMotion?)
    -> RetraceBox?
  {
    timing == nil && decomposedEnds == nil && motion == nil
      ? nil : RetraceBox(timing: timing, decomposedEnds: decomposedEnds, motion: motion)
  }

  static func == (a: RetraceBox, b: RetraceBox) -> Bool {
    a.timing == b.timing && a.decomposedEnds == b.decomposedEnds && a.motion == b.motion
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(timing)
    hasher.combine(decomposedEnds)
    hasher.combine(motion)
  }
}

/// The decomposed ends of a transform track (``Track/decomposedEnds``).
public struct DecomposedEnds: Sendable, Hashable {
  public var from: DecomposedTransform
  public var to: DecomposedTransform

  public init(from: DecomposedTransform, to: DecomposedTransform) {
    self.from = from
    self.to = to
  }
}
