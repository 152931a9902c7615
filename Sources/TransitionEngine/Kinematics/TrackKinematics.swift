/// Evaluates any track of any plan - plain (straight, arc, transform path, a reversal's piece,
/// delayed, with its own timing), spring or additive - at any plan time: its exact, unclamped
/// value and its analytic velocity (docs/TIMING.md 14).
///
/// Built once per track. A track's plain paths run on ``clocks``; a sampler that evaluates
/// many tracks at one instant computes each distinct clock once and passes the progress in
/// (``value(at:progress:)``): a retarget plan's offsets all share the plan's clock, and their
/// in-flight tracks the in-flight plan's few. A class: the evaluator reads it per sample, and
/// a struct this size was copied each time.
public final class TrackKinematics: Sendable {
  /// The open span (start, end): the track holds `from` up to `start` and `to` from `end` on.
  public let start: Double
  public let end: Double
  public let from: PropertyValue
  public let to: PropertyValue
  /// A plain track's clock, or an additive track's offset leg's; nil for a spring track.
  let clock: PathClock?
  /// How many clocks ``value(at:progress:)`` asks the progress of.
  let clockCount: Int
  private let kind: Kind

  private enum Kind: Sendable {
    case plain(PlainPath)
    case spring(SpringRun)
    case additive(AdditiveRun)
  }

  /// `track` in a plan whose timing is `plan`.
  public init(_ track: Track, planTiming plan: Timing) {
    let (from, to) = track.change.ends
    self.from = from
    self.to = to
    let timing = track.timing ?? plan
    switch track.motion {
    case .none:
      start = track.delay
      end = track.end(planTiming: plan)
      clock = PathClock(timing: timing, delay: track.delay)
      clockCount = 1
      kind = .plain(PlainPath(track))
    case .spring(let motion):
      start = 0
      end = motion.end
      clock = nil
      clockCount = 0
      kind = .spring(SpringRun(track, motion, timing: timing))
    case .additive(let motion):
      start = 0
      end = motion.end
      let run = AdditiveRun(track, motion, timing: timing)
      clock = PathClock(timing: timing, delay: 0)
      clockCount = run.inner.clockCount + 1
      kind = .additive(run)
    }
  }

  /// The clocks ``value(at:progress:)`` asks the progress of, by index: a plain track's own,
  /// or an additive track's in-flight clocks (run `at` ahead) then its offset leg's.
  public var clocks: [PathClock] {
    switch kind {
    case .plain: [clock!]
    case .spring: []
    case .additive(let run):
      run.inner.clocks.map {
        PathClock(timing: $0.timing, delay: $0.delay, shift: $0.shift + run.at)
      } + [clock!]
    }
  }

  /// The progress of clock `k` at plan time `t`, computed here.
  func progress(ofClock k: Int, at t: Double) -> Double {
    if case .additive(let run) = kind, k < run.inner.clockCount {
      return run.inner.progress(ofClock: k, at: run.at + t)
    }
    return clock!.progress(at: t)
  }

  /// Whether the track moves at `t`: strictly inside its span.
  public func isRunning(at t: Double) -> Bool { start < t && t < end }

  /// The value at plan time `t` (what a keyframe shows before clamping).
  public func value(at t: Double) -> PropertyValue {
    value(at: t) { progress(ofClock: $0, at: t) }
  }

  /// The value at plan time `t` with `progress(k)` the progress of `clocks[k]` at `t`.
  public func value(at t: Double, progress: (Int) -> Double) -> PropertyValue {
    switch kind {
    case .plain(let path):
      return path.value(u: progress(0))
    case .spring(let run):
      if t <= start { return from }
      if t >= end { return to }
      return run.value(at: t, like: from)
    case .additive(let run):
      if t <= start { return from }
      if t >= end { return to }
      return run.value(at: t, like: from, progress: progress)
    }
  }

  /// ``value(at:progress:)`` of a number track (alpha, radius, shadow opacity), without the
  /// enum: the sampler asks this per layer per frame.
  func number(at t: Double, progress: (Int) -> Double) -> Double {
    switch kind {
    case .plain(let path):
      return path.number(u: progress(0))
    case .spring(let run):
      return t <= start
        ? run.target[0] + run.components[0].e0 : t >= end ? run.target[0] : run.number(at: t)
    case .additive(let run):
      if t <= start, case .number(let v) = from { return v }
      if t >= end, case .number(let v) = to { return v }
      return run.number(at: t, progress: progress)
    }
  }

  /// ``value(at:progress:)`` of a rect track (frame, content frame).
  func rect(at t: Double, progress: (Int) -> Double) -> Rect {
    switch kind {
    case .plain(let path):
      return path.rect(u: progress(0))
    case .spring(let run):
      if t <= start || t >= end, case .rect(let r) = t <= start ? from : to { return r }
      return run.rect(at: t)
    case .additive(let run):
      if t <= start || t >= end, case .rect(let r) = t <= start ? from : to { return r }
      return run.rect(at: t, progress: progress)
    }
  }

  /// A transform track's decomposed parts at `t` (what an additive track composes with), the
  /// quaternion with the path's own sign.
  func decomposed(at t: Double, progress: (Int) -> Double) -> DecomposedTransform {
    switch kind {
    case .plain(let path):
      return path.decomposed(u: progress(0))
    case .spring(let run):
      return run.decomposed(at: min(max(t, start), end), ended: t >= end)
    case .additive(let run):
      return run.decomposed(at: min(max(t, start), end), progress: progress)
    }
  }

  /// The value and velocity at plan time `t`.
  public func state(at t: Double) -> PropertyState {
    switch kind {
    case .plain(let path):
      let clock = clock!
      return path.state(u: clock.progress(at: t), rate: isRunning(at: t) ? clock.rate(at: t) : 0)
    case .spring(let run):
      return run.state(at: t, from: from, to: to, span: (start, end))
    case .additive(let run):
      return run.state(at: t, from: from, to: to, span: (start, end))
    }
  }
}
