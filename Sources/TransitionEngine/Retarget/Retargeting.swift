/// Builds a retarget plan's choreography (docs/TIMING.md 14): every layer starts where the
/// in-flight plan shows it at tau, running tracks keep their velocity (a spring) or keep
/// running under an offset (additive), and everything ends where the new plan ends.
enum Retargeting {
  /// What a retarget is built from: the two plans and the moment.
  struct Legs {
    var inFlight: Choreography
    var inFlightTiming: Timing
    /// tau, at most the in-flight plan's duration.
    var tau: Double
    var new: Choreography
    var newTiming: Timing
    /// nil: every matched property is a plain track (the new request asks for reduced motion).
    var policy: RetargetPolicy?
  }

  static func choreography(_ legs: Legs) -> Choreography {
    let inFlightIndex = Dictionary(
      legs.inFlight.layers.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    let newIDs = Set(legs.new.layers.map(\.id))
    var layers: [Layer] = legs.new.layers.map { layer in
      guard let i = inFlightIndex[layer.id] else { return layer }
      return matched(legs.inFlight.layers[i], layer, legs)
    }
    // Layers that left the scene: held where they were, faded out, each placed just above the
    // layer that was below it in flight.
    var removed: [Action] = []
    for (i, layer) in legs.inFlight.layers.enumerated() where !newIDs.contains(layer.id) {
      let held = leaving(layer, legs)
      if i == 0 {
        layers.insert(held, at: 0)
      } else {
        let below = legs.inFlight.layers[i - 1].id
        let at = (layers.firstIndex { $0.id == below } ?? -1) + 1
        layers.insert(held, at: at)
      }
    }
    let oldOnly = layers.filter { inFlightIndex[$0.id] != nil && !newIDs.contains($0.id) }
    for layer in oldOnly { removed.append(Action(.layer(layer.id), .remove)) }
    let actions = Actions(
      start: [], finish: legs.new.actions.finish + removed,
      cancel: legs.new.actions.cancel + removed)
    return Choreography(layers: layers, actions: actions)
  }

  /// An in-flight layer the new plan does not have: every property held at its tau value,
  /// its alpha faded to 0 with the new plan's timing.
  static func leaving(_ layer: Layer, _ legs: Legs) -> Layer {
    func at(_ p: LayerProperty) -> PropertyValue? {
      layer.state(of: p, at: legs.tau, planTiming: legs.inFlightTiming)?.value
    }
    guard case .rect(let frame) = at(.frame), case .number(let alpha) = at(.alpha),
      case .transform(let transform) = at(.transform),
      case .number(let radius) = at(.cornerRadius),
      case .number(let shadowOpacity) = at(.shadowOpacity)
    else { preconditionFailure("a layer's properties have their kinds") }
    var content: Rect? = nil
    if case .rect(let r) = at(.contentFrame) { content = r }
    return Layer(
      id: layer.id, content: layer.content, anchor: layer.anchor, frame: frame, alpha: alpha,
      transform: transform, cornerRadius: radius, contentFrame: content, shadow: layer.shadow,
      shadowOpacity: shadowOpacity, tracks: alpha == 0 ? [] : [.alpha(from: alpha, to: 0)])
  }

  /// A layer in both plans: the new plan's content, anchor and shadow (else the in-flight
  /// one's), each property from its tau state to the new end.
  static func matched(_ old: Layer, _ new: Layer, _ legs: Legs) -> Layer {
    let keepsOldShadow = new.shadow == nil && old.shadow != nil
    var ends: [LayerProperty: PropertyValue] = [:]
    var tracks: [Track] = []
    for property in LayerProperty.allCases {
      let newTrack = new.track(for: property)
      if property == .contentFrame {
        if old.contentFrame == nil {
          // Nothing to continue from: the new plan's content frame as it shows it.
          ends[property] = new.heldValue(property)
          if let newTrack {
            ends[property] = newTrack.change.ends.from
            tracks.append(newTrack)
          }
          continue
        }
        if new.contentFrame == nil { continue }
      }
      guard var y1 = new.endValue(property),
        let y0 = old.state(of: property, at: legs.tau, planTiming: legs.inFlightTiming)
      else { continue }
      if property == .shadowOpacity, keepsOldShadow { y1 = .number(0) }
      ends[property] = y1
      let running = old.track(for: property).map {
        TrackKinematics($0, planTiming: legs.inFlightTiming).isRunning(at: legs.tau)
      }
      let own = newTrack.flatMap { $0.retraces ? $0.timing : nil }
      let timing = own ?? legs.newTiming
      var track: Track?
      // Not moving at tau, or reduced motion: straight, keeping the new schedule on the
      // in-flight clock.
      var delay = max(0, (newTrack?.delay ?? 0) - legs.tau)
      if let policy = legs.policy, running == true, let oldTrack = old.track(for: property) {
        track =
          policy == .spring
          ? springTrack(property, y0, y1, timing: timing)
          : additiveTrack(property, oldTrack, y0, y1, timing: timing, legs)
        // A transform without parts: straight, at once.
        delay = 0
      }
      if track == nil {
        guard y0.value != y1 else { continue }
        track = Track(property.change(from: y0.value, to: y1), delay: delay)
      }
      if var made = track {
        if let own { made.timing = own }
        tracks.append(made)
      }
    }
    func held<T>(_ p: LayerProperty, _ kind: (PropertyValue) -> T?) -> T? { ends[p].flatMap(kind) }
    return Layer(
      id: new.id, content: new.content, anchor: new.anchor,
      frame: held(.frame) { if case .rect(let r) = $0 { r } else { nil } } ?? new.frame,
      alpha: held(.alpha) { if case .number(let v) = $0 { v } else { nil } } ?? new.alpha,
      transform: held(.transform) { if case .transform(let m) = $0 { m } else { nil } }
        ?? new.transform,
      cornerRadius: held(.cornerRadius) { if case .number(let v) = $0 { v } else { nil } } ?? 0,
      contentFrame: held(.contentFrame) { if case .rect(let r) = $0 { r } else { nil } },
      shadow: new.shadow ?? old.shadow,
      shadowOpacity: held(.shadowOpacity) { if case .number(let v) = $0 { v } else { nil } } ?? 0,
      tracks: tracks)
  }

  /// A spring from the tau state with its velocity (docs/TIMING.md 14, policy spring); nil
  /// for a transform whose ends have no parts.
  static func springTrack(
    _ property: LayerProperty, _ y0: PropertyState, _ y1: PropertyValue, timing: Timing
  ) -> Track? {
    guard let spring = SpringParameters(timing) else { return nil }
    var target = y1.vector ?? []
    var parts: PartsPair? = nil
    if property == .transform {
      guard y0.vector.count == TransformParts.count, target.count == TransformParts.count else {
        return nil
      }
      var to = TransformParts(values: target)
      // The target's quaternion on the start's side, so each number springs the short way.
      if to.quaternion.dot(TransformParts(values: y0.vector).quaternion) < 0 {
        to.quaternion = -to.quaternion
      }
      target = to.values
      parts = PartsPair(from: TransformParts(values: y0.vector), to: to)
    }
    let thresholds = property.settleThresholds
    var settled = 0.0
    for i in target.indices {
      let c = ComponentSpring(e0: y0.vector[i] - target[i], velocity: y0.velocity[i], spring)
      settled = max(settled, c.settlingTime(epsilon: thresholds[i]))
    }
    var track = Track(property.change(from: y0.value, to: y1))
    track.motion = .spring(
      SpringMotion(
        velocity: y0.velocity, end: max(timing.duration, settled), parts: parts))
    return track
  }

  /// The in-flight track running on under an offset (docs/TIMING.md 14, policy additive);
  /// nil for a transform whose in-flight state or ends have no parts.
  static func additiveTrack(
    _ property: LayerProperty, _ oldTrack: Track, _ y0: PropertyState, _ y1: PropertyValue,
    timing: Timing, _ legs: Legs
  ) -> Track? {
    var inner = oldTrack
    if inner.timing == nil { inner.timing = legs.inFlightTiming }
    if property == .transform {
      let b = oldTrack.change.ends.to
      guard y0.vector.count == TransformParts.count, b.vector != nil, y1.vector != nil else {
        return nil
      }
    }
    let innerEnd = oldTrack.end(planTiming: legs.inFlightTiming)
    var track = Track(property.change(from: y0.value, to: y1))
    track.motion = .additive(
      AdditiveMotion(at: legs.tau, inner: inner, end: max(timing.duration, innerEnd - legs.tau)))
    return track
  }
}
