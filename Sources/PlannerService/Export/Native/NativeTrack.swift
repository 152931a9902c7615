import TransitionEngine

/// One plan track as the native exports read it: its schedule, its exact (cut) value at a
/// time, and its value continued from inside a piece of a sampled group (docs/NATIVE.md 2.3).
/// A class: the sampler's closures capture it, and a captured struct of this size (a track
/// and its kinematics) was copied out of the closure's box at every evaluation.
final class NativeTrack {
  let track: Track
  /// The track's own timing, else the plan's.
  let timing: Timing
  /// When it starts and when it holds its `to` for good.
  let start: Double
  let end: Double
  private let path: TrackPath?
  private let kinematics: TrackKinematics

  init(_ track: Track, planTiming: Timing) {
    self.track = track
    timing = track.timing ?? planTiming
    kinematics = TrackKinematics(track, planTiming: planTiming)
    start = kinematics.start
    end = kinematics.end
    path = track.motion == nil ? TrackPath(track) : nil
  }

  /// The track's T: its timing's duration, or a retarget motion's whole span.
  var length: Double { track.motion == nil ? timing.duration : end }

  var isMotion: Bool { track.motion != nil }

  /// The times inside an additive track's span where one of its parts starts or ends: the
  /// offset leg's delay and end, the in-flight remainder's (its plan's times less `at`), and
  /// a nested remainder's, shifted by every `at` above it. A sampled group breaks its pieces
  /// there, so a remainder cut before it settled gets its step (docs/NATIVE.md 2.3, 5.1).
  var breaks: [Double] {
    guard case .additive(let additive)? = track.motion else { return [] }
    var times = [track.delay, track.delay + timing.duration]
    var inner = additive.inner
    var shift = additive.at
    while true {
      let start = inner.delay - shift
      switch inner.motion {
      case .additive(let nested)?:
        times += [start, start + (inner.timing?.duration ?? 0)]
        inner = nested.inner
        shift += nested.at
        continue
      case .spring(let spring)?:
        times += [-shift, spring.end - shift]
      case nil:
        times += [start, start + (inner.timing?.duration ?? 0)]
      }
      return times.filter { $0 > self.start && $0 < self.end }
    }
  }

  /// The plan's value at `t` (a spring cut at its end, as the plan shows it).
  func exact(_ t: Double) -> PropertyValue { kinematics.value(at: t) }

  /// The value at `t` with the track continued from inside the piece `(lo, hi)`: progress 0
  /// when the piece ends before the track starts, 1 when it starts after its end, else the
  /// curve's own value (a spring's uncut P at the piece's end).
  func continued(_ t: Double, _ lo: Double, _ hi: Double) -> PropertyValue {
    guard let path else {
      if lo >= end { return kinematics.value(at: end) }
      // Inside its span a motion is its closed form, continued to the piece's right end from
      // the left: its end's value uncut, not its `to`, and likewise a part cut at a break
      // inside (an additive track's in-flight spring), whose step the keyframes then carry.
      return kinematics.value(at: t >= hi ? hi.nextDown : t)
    }
    let u = hi <= start ? 0 : lo >= end ? 1 : timing.curveProgress(at: t - start)
    return path.value(at: u)
  }

  /// ``continued(_:_:_:)`` of a rect track, without the enum value on a plain path.
  func continuedRect(_ t: Double, _ lo: Double, _ hi: Double) -> Rect {
    guard let path else { return continued(t, lo, hi).rectValue }
    let u = hi <= start ? 0 : lo >= end ? 1 : timing.curveProgress(at: t - start)
    return path.rect(at: u)
  }
}

extension PropertyValue {
  var rectValue: Rect {
    if case .rect(let r) = self { return r }
    preconditionFailure("not a rect")
  }

  var numberValue: Double {
    if case .number(let v) = self { return v }
    preconditionFailure("not a number")
  }

  var transformValue: Transform3D {
    if case .transform(let m) = self { return m }
    preconditionFailure("not a transform")
  }
}

/// Transform classes a platform animates exactly (docs/NATIVE.md 3.4, 5).
enum TransformClass {
  case translation, scale

  /// The class of both ends, the translation test first; nil when they share none.
  static func of(_ a: Transform3D, _ b: Transform3D) -> TransformClass? {
    if isTranslation(a), isTranslation(b) { return .translation }
    if isPositiveScale(a), isPositiveScale(b) { return .scale }
    return nil
  }

  /// Every entry the identity's but m41, m42, m43.
  static func isTranslation(_ m: Transform3D) -> Bool {
    var linear = m
    (linear.m41, linear.m42, linear.m43) = (0, 0, 0)
    return linear == .identity
  }

  /// Every entry off the diagonal 0, m44 = 1, m11, m22, m33 > 0.
  static func isPositiveScale(_ m: Transform3D) -> Bool {
    var off = m
    (off.m11, off.m22, off.m33) = (1, 1, 1)
    return off == .identity && m.m11 > 0 && m.m22 > 0 && m.m33 > 0
  }

  /// The same tests on decomposed parts (a retarget spring's): a translation's quaternion may
  /// be either identity; the parts' velocities must leave the other parts still.
  static func of(parts a: [Double], _ b: [Double], velocity v: [Double]) -> TransformClass? {
    func still(_ range: Range<Int>, at values: [Double], _ expected: [Double]) -> Bool {
      zip(range, expected).allSatisfy { values[$0] == $1 }
    }
    func quaternionIdentity(_ p: [Double]) -> Bool {
      let q = TransformPartIndex.quaternion.lowerBound
      return p[q] == 0 && p[q + 1] == 0 && p[q + 2] == 0 && abs(p[q + 3]) == 1
    }
    let zeroV = { (r: Range<Int>) in r.allSatisfy { v[$0] == 0 } }
    let noPerspective = [0.0, 0, 0, 1]
    let common = { (p: [Double]) in
      still(TransformPartIndex.perspective, at: p, noPerspective)
        && still(TransformPartIndex.skew, at: p, [0, 0, 0])
        && quaternionIdentity(p)
    }
    let (translation, scale) = (TransformPartIndex.translation, TransformPartIndex.scale)
    let skewAndQuaternion =
      TransformPartIndex.skew.lowerBound..<TransformPartIndex.quaternion.upperBound
    guard common(a), common(b), zeroV(TransformPartIndex.perspective), zeroV(skewAndQuaternion)
    else { return nil }
    if still(scale, at: a, [1, 1, 1]), still(scale, at: b, [1, 1, 1]), zeroV(scale) {
      return .translation
    }
    if still(translation, at: a, [0, 0, 0]), still(translation, at: b, [0, 0, 0]),
      zeroV(translation), scale.allSatisfy({ a[$0] > 0 && b[$0] > 0 })
    {
      return .scale
    }
    return nil
  }
}

extension LayerProperty {
  /// Opacities are sampled to 0.001 rather than 0.1 pt (docs/NATIVE.md 2.3 and 10).
  var isOpacity: Bool { self == .alpha || self == .shadowOpacity }
}
