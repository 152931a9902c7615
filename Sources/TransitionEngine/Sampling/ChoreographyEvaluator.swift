/// Evaluates every layer of a choreography at an instant.
///
/// Sampling asks for every layer at every frame, so the layers are reduced once, here, to what
/// that needs: each layer's base values and the last track of each property (a later track of
/// a property replaces an earlier one, as it would when the tracks are applied in order), with
/// transform tracks decomposed once rather than per keyframe. Reading a `Layer` per sample
/// copied its tracks (an enum sized for two 4x4 matrices) and retained its strings and arrays.
///
/// Tracks may start after a delay (docs/TIMING.md section 8), so an instant is given as the
/// progress of each distinct delay, in the order of ``delays``.
public struct ChoreographyEvaluator: Sendable {
  public let choreography: Choreography
  /// The distinct clocks of the tracks, each a delay and an own timing (nil: the plan's), the
  /// plan's undelayed clock first (present even when no track has it): `delays[k]` and
  /// `timings[k]` are clock k.
  public let delays: [Double]
  public let timings: [Timing?]
  /// Seconds added to plan time for clock k (empty: none has any). Only a retarget plan's
  /// additive tracks have clocks that run ahead: their in-flight tracks, `at` seconds in.
  public let shifts: [Double]
  /// For a retarget plan with spring tracks (else empty): for clock k, -1 for a path clock, or
  /// `2 b + 0` / `2 b + 1` when the "clock" is the f / g basis function of `springBases[b]`.
  /// The springs of a plan mostly share one basis: its exponential and trigonometry are then
  /// computed once per sample for all of them, as a row like any clock's.
  public let basisOf: [Int]
  let springBases: [SpringBasis]
  /// Whether each clock is read by some track (empty: all are); a retarget plan whose tracks
  /// are all springs reads none of its path clocks.
  public let clockIsUsed: [Bool]
  private let bases: [LayerState]
  private let detailBases: [LayerDetail]
  // Frame and alpha tracks as bare pairs, with their delays and arcs in arrays of their own:
  // read for every layer at every sample, an optional of a struct with those inside made the
  // seeds' plans take 40 % more engine time (planner-bench).
  private let frameTracks: [(from: Rect, to: Rect)?]
  private let frameDelays: [Int]
  /// For each layer, its frame track's arc in `arcs`, or -1.
  private let frameArcIndex: [Int]
  private let arcs: [(Point, Point, Point)]
  private let alphaTracks: [(from: Double, to: Double)?]
  private let alphaDelays: [Int]
  /// For each layer, its transform track's index in `transformTracks`, or -1: an optional of
  /// the track itself (two matrices and their decompositions) was copied whole on every read.
  private let transformTrackIndex: [Int]
  private let transformTracks: [TransformTrack]
  /// Corner radius, content frame and shadow opacity tracks, by layer, for the layers with
  /// any (most layers have none, and ``state(ofLayer:progressOfDelay:)`` does not read them).
  private let extraTrackIndex: [Int]
  private let extraTracks: [ExtraTracks]
  /// A retarget plan's spring and additive tracks, by layer (empty without any), the frame,
  /// alpha and transform ones apart from the others: they are evaluated at plan time, their
  /// paths on clocks of this evaluator (docs/TIMING.md 14).
  private let motions: [[FlatMotion]]
  private let detailMotions: [[FlatMotion]]

  /// Whether some track moves on plan time (``state(ofLayer:at:progressOfDelay:)`` then
  /// gives its layers).
  public var hasMotions: Bool { !motions.isEmpty }

  struct NumberTrack: Sendable {
    var from: Double
    var to: Double
    var delay: Int
  }

  struct RectTrack: Sendable {
    var from: Rect
    var to: Rect
    var delay: Int
    /// The centre's quadratic Bezier (start, control, end) for an arc.
    var arc: (Point, Point, Point)?
  }

  private struct TransformTrack: Sendable {
    var from: Transform3D
    var to: Transform3D
    var delay: Int
    /// Nil when an end is singular and cannot be decomposed.
    var decomposed: (DecomposedTransform, DecomposedTransform)?
  }

  private struct ExtraTracks: Sendable {
    var cornerRadius: NumberTrack?
    var contentFrame: RectTrack?
    var shadowOpacity: NumberTrack?
  }

  /// `timing` is the plan's: needed only for a retarget plan's spring and additive tracks.
  public init(_ choreography: Choreography, timing: Timing? = nil) {
    self.choreography = choreography
    var clocks = ClockTable()
    var bases: [LayerState] = []
    var detailBases: [LayerDetail] = []
    var frameTracks: [(from: Rect, to: Rect)?] = []
    var frameDelays: [Int] = []
    var frameArcIndex: [Int] = []
    var arcs: [(Point, Point, Point)] = []
    var alphaTracks: [(from: Double, to: Double)?] = []
    var alphaDelays: [Int] = []
    var transformTrackIndex: [Int] = []
    var transformTracks: [TransformTrack] = []
    var extraTrackIndex: [Int] = []
    var extraTracks: [ExtraTracks] = []
    var motions: [[FlatMotion]] = []
    var detailMotions: [[FlatMotion]] = []
    // The arrays only delays, arcs and details need are built only with them: each is an
    // allocation per plan, a measurable share of a small plan's engine time.
    let anyDelay = choreography.layers.contains {
      $0.tracks.contains { $0.delay != 0 || ($0.retraces && $0.timing != nil) }
    }
    let anyArc = choreography.layers.contains { $0.tracks.contains { $0.arcControl != nil } }
    let anyDetail = choreography.layers.contains(where: \.hasDetail)
    for layer in choreography.layers {
      bases.append(LayerState(frame: layer.frame, alpha: layer.alpha, transform: layer.transform))
      if anyDetail {
        detailBases.append(
          LayerDetail(
            cornerRadius: layer.cornerRadius,
            contentFrame: layer.contentFrame ?? Rect(x: 0, y: 0, width: 0, height: 0),
            shadowOpacity: layer.shadowOpacity))
      }
      var frame: RectTrack? = nil
      var alpha: NumberTrack? = nil
      var transform: TransformTrack? = nil
      var extra = ExtraTracks()
      var layerMotions: [FlatMotion] = []
      var layerDetailMotions: [FlatMotion] = []
      for track in layer.tracks {
        if track.retraces, track.motion != nil {
          guard let timing else {
            preconditionFailure("a retarget plan's evaluator needs its timing")
          }
          // Clocks of the plan's own timing are the plan's: every offset leg shares clock 0.
          let motion = FlatMotion(
            track, planTiming: timing,
            clock: {
              clocks.index($0.delay, $0.timing == timing ? nil : $0.timing, shift: $0.shift)
            },
            basis: { clocks.basis($0) })
          switch motion.property {
          case .frame, .alpha, .transform: layerMotions.append(motion)
          default: layerDetailMotions.append(motion)
          }
          continue
        }
        // Most tracks have neither a delay nor a timing of their own: the plan's clock.
        let d =
          track.delay == 0 && !track.retraces
          ? clocks.plansClock() : clocks.index(track.delay, track.timing)
        switch track.change {
        case .frame(let from, let to):
          var arc: (Point, Point, Point)? = nil
          if let control = track.arcControl {
            arc = (from.center, control, to.center)
          }
          frame = RectTrack(from: from, to: to, delay: d, arc: arc)
        case .alpha(let from, let to): alpha = NumberTrack(from: from, to: to, delay: d)
        case .transform(let from, let to):
          var pair: (DecomposedTransform, DecomposedTransform)? = nil
          if track.retraces, let ends = track.decomposedEnds {
            pair = (ends.from, ends.to)
          } else if let a = DecomposedTransform(from), let b = DecomposedTransform(to) {
            pair = (a, b)
          }
          transform = TransformTrack(from: from, to: to, delay: d, decomposed: pair)
        case .cornerRadius(let from, let to):
          extra.cornerRadius = NumberTrack(from: from, to: to, delay: d)
        case .contentFrame(let from, let to):
          extra.contentFrame = RectTrack(from: from, to: to, delay: d, arc: nil)
        case .shadowOpacity(let from, let to):
          extra.shadowOpacity = NumberTrack(from: from, to: to, delay: d)
        }
      }
      frameTracks.append(frame.map { ($0.from, $0.to) })
      alphaTracks.append(alpha.map { ($0.from, $0.to) })
      if anyDelay {
        frameDelays.append(frame?.delay ?? 0)
        alphaDelays.append(alpha?.delay ?? 0)
      }
      if anyArc {
        if let arc = frame?.arc {
          frameArcIndex.append(arcs.count)
          arcs.append(arc)
        } else {
          frameArcIndex.append(-1)
        }
      }
      if !layerMotions.isEmpty || !layerDetailMotions.isEmpty || !motions.isEmpty {
        // Earlier layers had none: their entries are filled in now.
        while motions.count < bases.count - 1 {
          motions.append([])
          detailMotions.append([])
        }
        motions.append(layerMotions)
        detailMotions.append(layerDetailMotions)
      }
      if let transform {
        transformTrackIndex.append(transformTracks.count)
        transformTracks.append(transform)
      } else {
        transformTrackIndex.append(-1)
      }
      if extra.cornerRadius != nil || extra.contentFrame != nil || extra.shadowOpacity != nil {
        // Earlier layers had none: their entries are filled in now.
        while extraTrackIndex.count < bases.count - 1 { extraTrackIndex.append(-1) }
        extraTrackIndex.append(extraTracks.count)
        extraTracks.append(extra)
      } else if !extraTracks.isEmpty {
        extraTrackIndex.append(-1)
      }
    }
    self.delays = clocks.delays
    self.timings = clocks.timings
    self.bases = bases
    self.frameTracks = frameTracks
    self.frameDelays = frameDelays
    self.frameArcIndex = frameArcIndex
    self.arcs = arcs
    self.alphaTracks = alphaTracks
    self.alphaDelays = alphaDelays
    self.transformTrackIndex = transformTrackIndex
    self.transformTracks = transformTracks
    self.extraTrackIndex = extraTrackIndex
    self.extraTracks = extraTracks
    self.detailBases = detailBases
    self.motions = motions
    self.detailMotions = detailMotions
    self.shifts = clocks.shifts
    self.basisOf = clocks.basisOf
    self.springBases = clocks.springBases
    // Only a retarget plan skips clocks: the others keep their rows as they were.
    self.clockIsUsed = motions.isEmpty ? [] : clocks.used
  }

  /// The progress of each clock at plan time `t`: its timing's (else `timing`'s) progress
  /// `t - delay` into it (0 before, 1 from its end on).
  public func progress(at t: Double, timing: Timing) -> [Double] {
    delays.indices.map { progress(ofClock: $0, at: t, timing: timing) }
  }

  /// The progress of clock `k` at plan time `t`: 1 from its end (delay + duration, summed
  /// once) on, whatever `t - delay` rounds to.
  @inline(__always)
  public func progress(ofClock k: Int, at t: Double, timing: Timing) -> Double {
    if !basisOf.isEmpty, basisOf[k] >= 0 {
      let (f, g) = springBases[basisOf[k] / 2].at(t)
      return basisOf[k] % 2 == 0 ? f : g
    }
    let clock = timings[k] ?? timing
    return clock.progress(
      at: shifts.isEmpty ? t : t + shifts[k], delay: delays[k], end: delays[k] + clock.duration)
  }

  /// The state of layer `index` when every track has progress `p` (no delays, or the same
  /// instant for all of them; `p` may overshoot [0, 1] for springs). At `p == 1` every track
  /// holds its `to` value exactly, at `p == 0` its `from` value.
  @inline(__always)
  public func state(ofLayer index: Int, progress p: Double) -> LayerState {
    var state = bases[index]
    if let track = frameTracks[index] {
      let a = frameArcIndex.isEmpty ? -1 : frameArcIndex[index]
      state.frame = Self.rect(track.from, track.to, a < 0 ? nil : arcs[a], p)
    }
    if let track = alphaTracks[index] {
      state.alpha = lerp(track.from, track.to, p)
    }
    let k = transformTrackIndex[index]
    if k >= 0 { state.transform = transform(k, p) }
    return Self.clamped(state)
  }

  /// The state of layer `index` with `progress(k)` the progress of delay `delays[k]`.
  @inline(__always)
  public func state(ofLayer index: Int, progressOfDelay progress: (Int) -> Double)
    -> LayerState
  {
    Self.clamped(unclampedState(ofLayer: index, progressOfDelay: progress))
  }

  /// The state of layer `index` at plan time `t`, its clocks at `progress(k)`: for plans with
  /// spring or additive tracks, which are evaluated at `t` itself.
  public func state(ofLayer index: Int, at t: Double, progressOfDelay progress: (Int) -> Double)
    -> LayerState
  {
    var state = unclampedState(ofLayer: index, progressOfDelay: progress)
    if index < motions.count {
      // By index, in place: a loop over the elements copied each (with its reference counts)
      // per sample.
      for m in motions[index].indices {
        switch motions[index][m].property {
        case .frame: state.frame = Rect(lanes: motions[index][m].lanes(at: t, progress: progress))
        case .alpha: state.alpha = motions[index][m].lanes(at: t, progress: progress).x
        default: state.transform = motions[index][m].transform(at: t, progress: progress)
        }
      }
    }
    return Self.clamped(state)
  }

  /// The state before the clamps (a `back` pattern multiplies the plan's alpha first).
  @inline(__always)
  func unclampedState(ofLayer index: Int, progressOfDelay progress: (Int) -> Double)
    -> LayerState
  {
    var state = bases[index]
    if let track = frameTracks[index] {
      let p = progress(frameDelays.isEmpty ? 0 : frameDelays[index])
      let a = frameArcIndex.isEmpty ? -1 : frameArcIndex[index]
      state.frame = Self.rect(track.from, track.to, a < 0 ? nil : arcs[a], p)
    }
    if let track = alphaTracks[index] {
      state.alpha = lerp(
        track.from, track.to, progress(alphaDelays.isEmpty ? 0 : alphaDelays[index]))
    }
    let k = transformTrackIndex[index]
    if k >= 0 { state.transform = transform(k, progress(transformTracks[k].delay)) }
    return state
  }

  @inline(__always)
  private func transform(_ k: Int, _ p: Double) -> Transform3D {
    if p == 0 { return transformTracks[k].from }
    if p == 1 { return transformTracks[k].to }
    if let pair = transformTracks[k].decomposed {
      return DecomposedTransform.interpolate(pair.0, pair.1, p).recomposed
    }
    // A singular end cannot be decomposed: the value jumps at half way.
    return p < 0.5 ? transformTracks[k].from : transformTracks[k].to
  }

  /// Sizes never go negative; positions keep a spring's overshoot; alpha stays in [0, 1].
  @inline(__always)
  private static func clamped(_ state: LayerState) -> LayerState {
    var state = state
    state.frame.width = max(state.frame.width, 0)
    state.frame.height = max(state.frame.height, 0)
    state.alpha = min(max(state.alpha, 0), 1)
    return state
  }

  /// The corner radius, content frame and shadow opacity of layer `index`, with `progress` as
  /// for ``state(ofLayer:progressOfDelay:)``.
  public func detail(ofLayer index: Int, progressOfDelay progress: (Int) -> Double)
    -> LayerDetail
  {
    detail(ofLayer: index, at: nil, progressOfDelay: progress)
  }

  /// The corner radius, content frame and shadow opacity of layer `index` at plan time `t`
  /// (spring and additive tracks are evaluated there; nil: the plan has none).
  public func detail(
    ofLayer index: Int, at t: Double?, progressOfDelay progress: (Int) -> Double
  ) -> LayerDetail {
    var detail = detailBases.isEmpty ? LayerDetail() : detailBases[index]
    let e = index < extraTrackIndex.count ? extraTrackIndex[index] : -1
    if e >= 0 {
      let extra = extraTracks[e]
      if let track = extra.cornerRadius {
        detail.cornerRadius = lerp(track.from, track.to, progress(track.delay))
      }
      if let track = extra.contentFrame {
        detail.contentFrame = Self.rect(track.from, track.to, nil, progress(track.delay))
      }
      if let track = extra.shadowOpacity {
        detail.shadowOpacity = lerp(track.from, track.to, progress(track.delay))
      }
    }
    if let t, index < detailMotions.count {
      for m in detailMotions[index].indices {
        let value = detailMotions[index][m].lanes(at: t, progress: progress)
        switch detailMotions[index][m].property {
        case .cornerRadius: detail.cornerRadius = value.x
        case .contentFrame: detail.contentFrame = Rect(lanes: value)
        default: detail.shadowOpacity = value.x
        }
      }
    }
    detail.cornerRadius = max(detail.cornerRadius, 0)
    detail.contentFrame.width = max(detail.contentFrame.width, 0)
    detail.contentFrame.height = max(detail.contentFrame.height, 0)
    detail.shadowOpacity = min(max(detail.shadowOpacity, 0), 1)
    return detail
  }

  /// A rect track at progress `q`: linear, or with an arc the centre along its quadratic
  /// Bezier (also for q outside [0, 1]) and the size linear (docs/TIMING.md section 9).
  @inline(__always)
  public static func rect(_ from: Rect, _ to: Rect, _ arc: (Point, Point, Point)?, _ q: Double)
    -> Rect
  {
    // At 0 and 1 linear interpolation gives the ends exactly, arc or not.
    guard let (p0, c, p1) = arc, q != 0, q != 1 else { return Rect.interpolate(from, to, q) }
    let u = 1 - q
    let x = u * u * p0.x + 2 * u * q * c.x + q * q * p1.x
    let y = u * u * p0.y + 2 * u * q * c.y + q * q * p1.y
    let width = lerp(from.width, to.width, q)
    let height = lerp(from.height, to.height, q)
    return Rect(x: x - width / 2, y: y - height / 2, width: width, height: height)
  }

  public func states(progress p: Double) -> [LayerState] {
    choreography.layers.indices.map { state(ofLayer: $0, progress: p) }
  }
}
