/// A `back` stream read as the app reads it (docs/GESTURES.md 4.1): every sample's progress
/// (inherited where it has none), vertical travel and gesture, and each gesture's edge, start
/// touch and walk-back velocity.
struct BackStream: Sendable {
  /// One sample, resolved.
  struct Sample: Sendable {
    /// Seconds from the stream's first sample.
    var tau: Double
    var state: BackEventState
    /// Its own progress, or the previous sample's.
    var progress: Double
    /// `touchY / density - y0`; nil when either is null (no vertical follow).
    var dy: Double?
    /// The index of its gesture in ``gestures``.
    var gesture: Int
  }

  /// One gesture: from its `began` to its `invoked` / `cancelled`, or to the stream's end.
  struct Gesture: Sendable {
    var first: Int
    var last: Int
    var edge: SwipeEdge
    /// The walk-back over (tau, progress) of its samples, the last one included (3.3).
    var velocity: Double
    var acceleration: Double
    /// Whether it ended with `invoked` or `cancelled` (its last sample then releases it).
    var released: Bool
  }

  var samples: [Sample] = []
  var gestures: [Gesture] = []

  /// `gesture` must be valid (``BackPlanner/validate(_:)``).
  init(_ gesture: BackGesture) {
    let t0 = gesture.samples.first?.t ?? 0
    var progress = 0.0
    var touchY = Double.nan
    var touchY0 = Double.nan
    var y0 = Double.nan
    for (i, s) in gesture.samples.enumerated() {
      if s.state == .began {
        // A new gesture takes its edge and start touch from its own began, never from the one
        // before; touch absent there is null.
        touchY = s.touchY ?? .nan
        touchY0 = touchY
        y0 = touchY / gesture.density
        gestures.append(
          Gesture(
            first: i, last: i, edge: s.swipeEdge ?? .none, velocity: 0, acceleration: 0,
            released: false))
      } else if let y = s.touchY {
        touchY = y
      }
      if let p = s.progress { progress = p }
      let y = touchY / gesture.density
      var dy: Double? = y.isNaN || y0.isNaN ? nil : y - y0
      // A density so small that both touches overflow to the same infinity: inf - inf is NaN;
      // the travel is then its pixels over the density (0 when the finger did not move, an
      // infinite travel, full follow, when it did).
      if let d = dy, d.isNaN { dy = (touchY - touchY0) / gesture.density }
      let g = gestures.count - 1
      gestures[g].last = i
      gestures[g].released = s.state == .invoked || s.state == .cancelled
      samples.append(
        Sample(tau: s.t - t0, state: s.state, progress: progress, dy: dy, gesture: g))
    }
    for g in gestures.indices {
      let range = gestures[g].first...gestures[g].last
      let estimate = VelocityEstimate.walkBack(
        times: range.map { samples[$0].tau }, axis: range.map { samples[$0].progress },
        from: range.count - 1)
      gestures[g].velocity = estimate.velocity
      gestures[g].acceleration = estimate.acceleration
    }
  }
}
