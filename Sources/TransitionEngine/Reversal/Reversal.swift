/// A transition sent back mid-way (docs/TIMING.md section 11): the forward plan's layers going
/// back from their state at plan time tau to their start, along the same paths, with the
/// velocity they had where the timing is a spring. Computed from the forward choreography, not
/// from a plan of the opposite operation.
enum Reversal {
  /// Below this, a track's progress at tau counts as not started (its delay had not run out):
  /// it holds still and is left out.
  static let stillProgress = 1e-9

  static func reverse(
    _ forward: Choreography, timing: Timing, forwardSpec: TimingSpec, spec: ReversalSpec
  ) throws(PlanError) -> (choreography: Choreography, timing: Timing, echo: ReversalEcho) {
    let duration = forward.duration(with: timing)
    // A player that knows the duration in milliseconds (the waapi document) and sends
    // `ms / 1000` back may land an ulp or two past it: a few ulps over count as the end.
    guard spec.at > 0, spec.at <= duration * (1 + 4 * Double.ulpOfOne) else {
      throw PlanError(
        field: ["reversal", "at"],
        message:
          "must be > 0 and <= the plan's duration, \(PlanNumberText.of(duration)) s")
    }
    let tau = min(spec.at, duration)
    let t = timing.duration
    let p = tau >= t ? 1 : timing.progress(at: tau)

    /// The forward progress of a track with delay `d` at tau, and its relative velocity on
    /// the way back (`-P'(tau - d) / q`, 0 where it stands still).
    func motion(delay d: Double) -> (q: Double, v: Double) {
      // Ended is decided by tau against the end summed once, never by tau - d against T.
      let end = d + t
      let q = timing.progress(at: tau, delay: d, end: end)
      let v = abs(q) < stillProgress || tau >= end ? 0 : -timing.velocity(at: tau - d) / q
      return (q, v)
    }
    let rule = ReversalTiming(
      forward: timing, forwardSpec: forwardSpec, given: spec.timing,
      shortening: min(max(abs(p), 0), 1))
    let planTiming = try rule.timing(velocity: motion(delay: 0).v)
    // One solve per distinct delay: a cascade's ranks share theirs.
    var timingOfDelay: [Double: Timing] = [:]

    var layers: [Layer] = []
    layers.reserveCapacity(forward.layers.count)
    for layer in forward.layers {
      var tracks: [Track] = []
      for track in layer.tracks {
        let (q, v) = motion(delay: track.delay)
        guard abs(q) >= stillProgress else { continue }
        var reversed = retrace(track, at: q)
        if rule.isSpring, track.delay != 0 {
          var own: Timing
          if let known = timingOfDelay[track.delay] {
            own = known
          } else {
            own = try rule.timing(velocity: v)
            timingOfDelay[track.delay] = own
          }
          if own != planTiming { reversed.timing = own }
        }
        tracks.append(reversed)
      }
      layers.append(
        Layer(
          id: layer.id, content: layer.content, anchor: layer.anchor, frame: layer.frame,
          alpha: layer.alpha, transform: layer.transform, cornerRadius: layer.cornerRadius,
          contentFrame: layer.contentFrame, shadow: layer.shadow,
          shadowOpacity: layer.shadowOpacity, tracks: tracks))
    }
    // Going back undoes the forward plan: what its cancel would do is what finishing does.
    let actions = Actions(start: [], finish: forward.actions.cancel, cancel: [])
    return (
      Choreography(layers: layers, actions: actions), planTiming, ReversalEcho(at: tau, progress: p)
    )
  }

  /// The piece of `track`'s path from its progress `q` back to its start: a track from
  /// gamma(q) (unclamped) to gamma(0), whose value at reversal progress R is gamma(q (1 - R)).
  static func retrace(_ track: Track, at q: Double) -> Track {
    switch track.change {
    case .frame(let a, let b):
      guard let c = track.arcControl else {
        return .frame(from: Rect.interpolate(a, b, q), to: a)
      }
      // The sub-curve of the quadratic from 0 to q, reversed: de Casteljau's control point.
      let p0 = a.center
      let control = Point(x: lerp(p0.x, c.x, q), y: lerp(p0.y, c.y, q))
      let from = ChoreographyEvaluator.rect(a, b, (p0, c, b.center), q)
      return .frame(from: from, to: a, arcControl: control)
    case .alpha(let a, let b):
      return .alpha(from: lerp(a, b, q), to: a)
    case .cornerRadius(let a, let b):
      return .cornerRadius(from: lerp(a, b, q), to: a)
    case .shadowOpacity(let a, let b):
      return .shadowOpacity(from: lerp(a, b, q), to: a)
    case .contentFrame(let a, let b):
      return .contentFrame(from: Rect.interpolate(a, b, q), to: a)
    case .transform(let a, let b):
      let ends =
        track.decomposedEnds
        ?? DecomposedTransform(a).flatMap { da in
          DecomposedTransform(b).map { DecomposedEnds(from: da, to: $0) }
        }
      guard let ends else {
        // A singular end: the forward value jumps at half way, and so does the way back.
        return .transform(from: q < 0.5 ? a : b, to: a)
      }
      // The decomposed parts of gamma(q), so the way back interpolates the same parts.
      let mid = q == 1 ? ends.to : DecomposedTransform.interpolate(ends.from, ends.to, q)
      return Track(
        .transform(from: q == 1 ? b : mid.recomposed, to: a), timing: nil,
        decomposedEnds: DecomposedEnds(from: mid, to: ends.from))
    }
  }
}
