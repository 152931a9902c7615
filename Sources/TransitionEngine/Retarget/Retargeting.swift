/// Builds a retarget plan's choreography (docs/TIMING.md 14): every layer starts where the
/// in-flight plan shows it at tau, running tracks keep their velocity (a spring) or keep
/// running under an offset (additive), and everything ends where the new plan ends.
///
/// A struct whose methods read the two plans through `self`: passed by value per layer, the
/// plans, their timings and each layer were copied time and again (a third of a hero
/// retarget's preparation was memmove).
struct Retargeting {
  var inFlight: Choreography
  var inFlightTiming: Timing
  /// tau, at most the in-flight plan's duration.
  var tau: Double
  var new: Choreography
  var newTiming: Timing
  /// nil: every matched property is a plain track (the new request asks for reduced motion).
  var policy: RetargetPolicy?

  func choreography() -> Choreography {
    let ids = LayerIndex(inFlight.layers)
    var inNew = [Bool](repeating: false, count: inFlight.layers.count)
    var layers: [Layer] = []
    layers.reserveCapacity(new.layers.count + inFlight.layers.count)
    for k in new.layers.indices {
      if let i = ids.index(of: new.layers[k].id) {
        inNew[i] = true
        layers.append(matched(inFlight.layers[i], new.layers[k]))
      } else {
        layers.append(new.layers[k])
      }
    }
    // Layers that left the scene: held where they were, faded out, each placed just above the
    // layer that was below it in flight.
    var left: [String] = []
    for i in inFlight.layers.indices where !inNew[i] {
      let held = leaving(inFlight.layers[i])
      left.append(held.id)
      if i == 0 {
        layers.insert(held, at: 0)
      } else {
        let below = inFlight.layers[i - 1].id
        let at = (layers.firstIndex { $0.id == below } ?? -1) + 1
        layers.insert(held, at: at)
      }
    }
    let removed = layers.compactMap {
      left.contains($0.id) ? Action(.layer($0.id), .remove) : nil
    }
    let actions = Actions(
      start: [], finish: new.actions.finish + removed, cancel: new.actions.cancel + removed)
    return Choreography(layers: layers, actions: actions)
  }

  /// A layer's index by id: a scan for the few layers of most plans (ids compare faster than
  /// they hash), a dictionary for many.
  struct LayerIndex {
    let ids: [String]
    let table: [String: Int]?

    init(_ layers: [Layer]) {
      ids = layers.map(\.id)
      var table: [String: Int]? = nil
      if ids.count > 48 {
        var t: [String: Int] = [:]
        for (i, id) in ids.enumerated() where t[id] == nil { t[id] = i }
        table = t
      }
      self.table = table
    }

    func index(of id: String) -> Int? {
      if let table { return table[id] }
      return ids.firstIndex(of: id)
    }
  }

  /// An in-flight layer the new plan does not have: every property held at its tau value,
  /// its alpha faded to 0 with the new plan's timing.
  func leaving(_ layer: Layer) -> Layer {
    func at(_ p: LayerProperty) -> PropertyValue? {
      layer.track(for: p).map { TrackKinematics($0, planTiming: inFlightTiming).value(at: tau) }
        ?? layer.heldValue(p)
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

  /// The index of the track that decides each property (the last one), by
  /// ``LayerProperty`` order; -1 where the layer holds the property.
  static func trackIndexes(_ layer: Layer) -> (Int, Int, Int, Int, Int, Int) {
    var i = (-1, -1, -1, -1, -1, -1)
    for (k, track) in layer.tracks.enumerated() {
      switch track.change {
      case .frame: i.0 = k
      case .alpha: i.1 = k
      case .transform: i.2 = k
      case .cornerRadius: i.3 = k
      case .contentFrame: i.4 = k
      case .shadowOpacity: i.5 = k
      }
    }
    return i
  }

  /// Whether `a` and `b` hold the same value of `property` (neither has a track for it).
  static func holdTheSame(_ a: Layer, _ b: Layer, _ property: LayerProperty) -> Bool {
    switch property {
    case .frame: a.frame == b.frame
    case .alpha: a.alpha == b.alpha
    case .transform: a.transform == b.transform
    case .cornerRadius: a.cornerRadius == b.cornerRadius
    case .contentFrame: a.contentFrame == b.contentFrame
    case .shadowOpacity: a.shadowOpacity == b.shadowOpacity
    }
  }

  /// A layer in both plans: the new plan's content, anchor and shadow (else the in-flight
  /// one's), each property from its tau state to the new end.
  func matched(_ old: Layer, _ new: Layer) -> Layer {
    let keepsOldShadow = new.shadow == nil && old.shadow != nil
    let o = Self.trackIndexes(old)
    let n = Self.trackIndexes(new)
    let oldTracks = [o.0, o.1, o.2, o.3, o.4, o.5]
    let newTracks = [n.0, n.1, n.2, n.3, n.4, n.5]
    // The layer starts as the new one holds it; a track's `from` replaces a held value.
    var layer = new
    layer.tracks = []
    layer.shadow = new.shadow ?? old.shadow
    for property in LayerProperty.allCases {
      let p = property.order
      if property == .contentFrame {
        if old.contentFrame == nil {
          // Nothing to continue from: the new plan's content frame as it shows it.
          if newTracks[p] >= 0 { layer.tracks.append(new.tracks[newTracks[p]]) }
          continue
        }
        if new.contentFrame == nil { continue }
      }
      let oldShadowFades = property == .shadowOpacity && keepsOldShadow
      // Most properties of most layers are held by both plans at the same value: nothing to do
      // (the new layer already holds it).
      if oldTracks[p] < 0, newTracks[p] < 0, !oldShadowFades, Self.holdTheSame(old, new, property) {
        continue
      }
      let newTrack = newTracks[p] >= 0 ? new.tracks[newTracks[p]] : nil
      guard var y1 = newTrack?.change.ends.to ?? new.heldValue(property) else { continue }
      if oldShadowFades { y1 = .number(0) }
      layer.hold(property, y1)
      let own = newTrack.flatMap { $0.retraces ? $0.timing : nil }
      // Not moving at tau, or reduced motion: straight, keeping the new schedule on the
      // in-flight clock.
      var delay = max(0, (newTrack?.delay ?? 0) - tau)
      var track: Track? = nil
      var y0: PropertyValue
      if oldTracks[p] >= 0 {
        let oldTrack = old.tracks[oldTracks[p]]
        let kinematics = TrackKinematics(oldTrack, planTiming: inFlightTiming)
        if let policy, kinematics.isRunning(at: tau) {
          let timing = own ?? newTiming
          if policy == .additive, property != .transform {
            // An offset needs the in-flight value only, not its velocity.
            y0 = kinematics.value(at: tau)
            track = additiveTrack(property, oldTrack, y0, y1, timing: timing, own: own)
          } else {
            let state = kinematics.state(at: tau)
            y0 = state.value
            let hasParts = state.vector.count == TransformParts.count
            track =
              policy == .spring
              ? springTrack(property, state, y1, timing: timing, own: own)
              : hasParts ? additiveTrack(property, oldTrack, y0, y1, timing: timing, own: own) : nil
          }
          // A transform without parts: straight, at once.
          delay = 0
        } else {
          y0 = kinematics.value(at: tau)
        }
      } else {
        guard let held = old.heldValue(property) else { continue }
        y0 = held
      }
      if track == nil {
        guard y0 != y1 else { continue }
        track = Track(property.change(from: y0, to: y1), delay: delay)
      }
      if var made = track {
        if let own, made.motion == nil { made.timing = own }
        layer.hold(property, made.change.ends.from)
        layer.tracks.append(made)
      }
    }
    return layer
  }

  /// A spring from the tau state with its velocity (docs/TIMING.md 14, policy spring); nil
  /// for a transform whose ends have no parts. `own` is the new track's own timing.
  func springTrack(
    _ property: LayerProperty, _ y0: PropertyState, _ y1: PropertyValue, timing: Timing,
    own: Timing?
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
      let c = SpringOscillator(e0: y0.vector[i] - target[i], velocity: y0.velocity[i], spring)
      settled = max(settled, c.settlingTime(epsilon: thresholds[i], rule: .envelope))
    }
    return Self.motionTrack(
      property.change(from: y0.value, to: y1), own: own,
      .spring(SpringMotion(velocity: y0.velocity, end: max(timing.duration, settled), parts: parts))
    )
  }

  /// A spring or additive track with the new track's own timing, if any.
  static func motionTrack(_ change: TrackChange, own: Timing?, _ motion: TrackMotion) -> Track {
    Track(change, timing: own, motion: motion)
  }

  /// The in-flight track running on under an offset (docs/TIMING.md 14, policy additive);
  /// nil for a transform whose ends have no parts (the caller checked the in-flight state's).
  /// `own` is the new track's own timing.
  func additiveTrack(
    _ property: LayerProperty, _ oldTrack: Track, _ y0: PropertyValue, _ y1: PropertyValue,
    timing: Timing, own: Timing?
  ) -> Track? {
    if property == .transform {
      guard oldTrack.change.ends.to.vector != nil, y1.vector != nil else { return nil }
    }
    // The inner track carries its timing always (the wire writes it).
    var inner = oldTrack
    if inner.timing == nil { inner.timing = inFlightTiming }
    let innerEnd = oldTrack.end(planTiming: inFlightTiming)
    return Self.motionTrack(
      property.change(from: y0, to: y1), own: own,
      .additive(AdditiveMotion(at: tau, inner: inner, end: max(timing.duration, innerEnd - tau))))
  }
}
