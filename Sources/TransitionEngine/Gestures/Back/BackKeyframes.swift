/// The keyframes of a `back` answer (docs/GESTURES.md 4.3): each plan layer at its plan time,
/// posed by its group's window, its alpha multiplied, its screen corners rounded; the scrim
/// at its alpha over the container.
struct BackKeyframes {
  var layers: GestureLayers

  init(
    layers: [Layer], roles: [BackLayerRole], scrimIndex: Int?, pattern: BackPattern,
    times: [Double], frames: [BackFrame], choreography: Choreography, timing: Timing
  ) throws(PlanError) {
    var sampler = PlanSampler(choreography, timing: timing)
    let rounded = roles.map { $0.isRounded(by: pattern) }
    var states = [[LayerState]](repeating: [], count: layers.count)
    var details = [[LayerDetail]](repeating: [], count: layers.count)
    let detailed = layers.indices.map { rounded[$0] || layers[$0].hasDetail }
    for l in layers.indices {
      states[l].reserveCapacity(times.count)
      if detailed[l] { details[l].reserveCapacity(times.count) }
    }
    for (k, frame) in frames.enumerated() {
      sampler.nextKeyframe()
      for l in layers.indices {
        if l == scrimIndex {
          states[l].append(
            LayerState(
              frame: layers[l].frame, alpha: min(max(frame.scrim, 0), 1), transform: .identity))
          continue
        }
        // The plan's own index of the layer, past the scrim.
        let planLayer = scrimIndex.map { l > $0 ? l - 1 : l } ?? l
        let role = roles[l]
        let planTime =
          role.isElement && pattern == .sharedElement ? frame.elementTime : frame.surfaceTime
        let progress = try sampler.progress(at: planTime, keyframe: k)
        var state = sampler.unclampedState(ofLayer: planLayer, progress)
        var multiplier = 1.0
        if role.isPosed(by: pattern) {
          let closing = role.group == .closing
          let pose = closing ? frame.closing : frame.entering
          multiplier = closing ? frame.closingAlpha : frame.enteringAlpha
          state.transform = pose.transform(
            state.transform, frame: state.frame, anchor: layers[l].anchor)
        }
        state.alpha = min(max(state.alpha * multiplier, 0), 1)
        states[l].append(state)
        if detailed[l] {
          var detail = sampler.detail(ofLayer: planLayer, progress)
          if rounded[l] {
            let radius = role.group == .closing ? frame.closingRadius : frame.enteringRadius
            detail.cornerRadius = max(0, radius)
          }
          details[l].append(detail)
        }
      }
    }
    self.layers = GestureLayers(
      layers: layers, rounded: rounded, times: times, keyframes: states, details: details)
  }
}
