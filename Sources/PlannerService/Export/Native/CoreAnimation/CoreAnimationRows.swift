import JSON
import TransitionEngine

/// Core Animation's rows of plan tracks (docs/NATIVE.md 3.4, 5.1): basic and spring animations
/// where the platform has the primitive, additive ones for retargets.
extension CoreAnimationPlatform {
  /// The key paths of a property's value, each as a list of numbers (a number bare).
  static func keyPaths(_ value: PropertyValue, _ property: LayerProperty, anchor: Point)
    -> [(String, [Double], Bool)]
  {
    switch (property, value) {
    case (.frame, .rect(let r)):
      return [
        ("position", [r.x + anchor.x * r.width, r.y + anchor.y * r.height], false),
        ("bounds.size", [r.width, r.height], false),
      ]
    case (.contentFrame, .rect(let r)):
      return [("position", [r.x, r.y], false), ("bounds.size", [r.width, r.height], false)]
    case (.alpha, .number(let v)): return [("opacity", [v], true)]
    case (.cornerRadius, .number(let v)): return [("cornerRadius", [v], true)]
    case (.shadowOpacity, .number(let v)): return [("shadowOpacity", [v], true)]
    case (.transform, .transform(let m)): return [("transform", m.values, false)]
    default: preconditionFailure("no key paths for \(property)")
    }
  }

  /// The one-number key paths of a value (retarget rows: each has its own velocity).
  static func componentPaths(
    _ value: PropertyValue, _ property: LayerProperty, anchor: Point
  )
    -> [(String, Double)]
  {
    keyPaths(value, property, anchor: anchor).flatMap { path, numbers, bare in
      bare
        ? [(path, numbers[0])]
        : zip(path == "position" ? ["x", "y"] : ["width", "height"], numbers).map {
          (path + "." + $0, $1)
        }
    }
  }

  /// An analytic entry for a plain track's timing: a basic animation for a bezier, a spring
  /// animation with the plan's (m, k, c, v) for a spring.
  mutating func analytic(_ timing: Timing) -> Int {
    if let curve = NativeSpring.controlPoints(timing) {
      return timings.index(of: .basic(duration: timing.duration, curve: curve))
    }
    let s = NativeSpring.parameters(timing)!
    return timings.index(
      of: .spring(
        duration: timing.duration, mass: s.mass, stiffness: s.stiffness, damping: s.damping,
        velocity: s.velocity, overdamped: s.overdamped))
  }

  mutating func plainRows(
    _ t: NativeTrack, _ layer: Layer, _ reason: inout NativeMeta.Reason?
  ) -> [Row] {
    let (from, to) = t.track.change.ends
    let property = t.track.change.layerProperty
    if property == .transform {
      let (a, b) = (from.transformValue, to.transformValue)
      guard a != b else { return [] }
      if let kind = TransformClass.of(a, b) {
        let pick = { (m: Transform3D) -> [Double] in
          kind == .translation ? [m.m41, m.m42, m.m43] : [m.m11, m.m22, m.m33]
        }
        return [
          Row(
            keyPath: "transform", timing: analytic(t.timing), beginTime: t.start,
            valueFunction: kind == .translation ? "translate" : "scale",
            from: .list(pick(a)), to: .list(pick(b)))
        ]
      }
      reason = .transform
      return sampledTransform(t, layer)
    }
    var rows: [Row] = []
    let fromPaths = Self.keyPaths(from, property, anchor: layer.anchor)
    let toPaths = Self.keyPaths(to, property, anchor: layer.anchor)
    for ((path, a, bare), (_, b, _)) in zip(fromPaths, toPaths) where a != b {
      if property == .frame, path == "position", t.track.arcControl != nil {
        reason = .arc
        if let row = sampledPosition(t, layer) { rows.append(row) }
        continue
      }
      rows.append(
        Row(
          keyPath: path, timing: analytic(t.timing), beginTime: t.start,
          from: NativeValue(a, bare: bare), to: NativeValue(b, bare: bare)))
    }
    return rows
  }

  /// A retarget spring track (docs/NATIVE.md 5.1): one spring row per one-number key path, with
  /// the absolute velocity made relative to that key path's distance; sampled where there is no
  /// distance left but a velocity, or a transform outside the two classes.
  mutating func springRows(
    _ t: NativeTrack, _ layer: Layer, _ reason: inout NativeMeta.Reason?
  ) -> [Row] {
    guard case .spring(let motion) = t.track.motion, let s = NativeSpring.parameters(t.timing)
    else { return [] }
    let property = t.track.change.layerProperty
    let (from, to) = t.track.change.ends
    var paths: [(String, Double, Double, Double)] = []  // key path, from, to, velocity
    if property == .transform {
      guard let parts = motion.parts,
        let kind = TransformClass.of(
          parts: parts.from.values, parts.to.values, velocity: motion.velocity)
      else {
        reason = .transform
        return sampledTransform(t, layer)
      }
      let base =
        kind == .translation
        ? TransformPartIndex.translation.lowerBound : TransformPartIndex.scale.lowerBound
      let name = kind == .translation ? "transform.translation." : "transform.scale."
      for (k, axis) in ["x", "y", "z"].enumerated() {
        paths.append(
          (
            name + axis, parts.from.values[base + k], parts.to.values[base + k],
            motion.velocity[base + k]
          ))
      }
    } else {
      let a = Self.componentPaths(from, property, anchor: layer.anchor)
      let b = Self.componentPaths(to, property, anchor: layer.anchor)
      let v = Self.componentVelocities(motion.velocity, property, anchor: layer.anchor)
      for i in a.indices { paths.append((a[i].0, a[i].1, b[i].1, v[i])) }
    }
    var rows: [Row] = []
    for (path, a, b, u) in paths {
      let distance = b - a
      if abs(distance) < 1e-6 {
        guard abs(u) >= 1e-6 else { continue }
        // A velocity without a distance: CA's relative velocity cannot say it.
        reason = reason ?? .velocity
        if let row = sampledComponent(t, layer, path) { rows.append(row) }
        continue
      }
      let entry = Entry.spring(
        duration: t.end, mass: s.mass, stiffness: s.stiffness, damping: s.damping,
        velocity: u / distance, overdamped: s.overdamped)
      rows.append(
        Row(
          keyPath: path, timing: timings.index(of: entry), beginTime: 0, from: .number(a),
          to: .number(b)))
    }
    return rows
  }

  /// The velocity of each one-number key path: the same combination of the track's components.
  static func componentVelocities(_ v: [Double], _ property: LayerProperty, anchor: Point)
    -> [Double]
  {
    switch property {
    case .frame: [v[0] + anchor.x * v[2], v[1] + anchor.y * v[3], v[2], v[3]]
    default: v
    }
  }

  /// A retarget additive track (docs/NATIVE.md 5.1): the model is its `to`; per one-number key
  /// path, the in-flight track's rows as offsets from its `to` (already `at` seconds old) and
  /// the offset leg from that `to` to the new one, all additive. Sampled for a transform, an
  /// arc or a spring without distance in the chain.
  mutating func additiveRows(
    _ t: NativeTrack, _ layer: Layer, _ reason: inout NativeMeta.Reason?
  ) -> [Row] {
    guard case .additive(let motion) = t.track.motion else { return [] }
    let property = t.track.change.layerProperty
    if property == .transform {
      reason = .additive
      return sampledTransform(t, layer)
    }
    let y1 = Self.componentPaths(t.track.change.ends.to, property, anchor: layer.anchor)
    let b = Self.componentPaths(motion.inner.change.ends.to, property, anchor: layer.anchor)
    var rows: [Row] = []
    for (k, (path, target)) in y1.enumerated() {
      var entries: [(Entry, Double, Double)] = []  // entry, beginTime, fromValue (to 0)
      if let problem = Self.remainder(
        motion.inner, property, anchor: layer.anchor, component: k, shift: motion.at,
        into: &entries)
      {
        reason = problem
        return sampledWhole(t, layer)
      }
      let offset = b[k].1 - target
      if offset != 0 {
        entries.append((Self.analyticEntry(t.timing), t.start, offset))
      }
      for (entry, begin, value) in entries {
        rows.append(
          Row(
            keyPath: path, timing: timings.index(of: entry), beginTime: begin, additive: true,
            from: .number(value), to: .number(0)))
      }
    }
    return rows
  }

  static func analyticEntry(_ timing: Timing) -> Entry {
    if let curve = NativeSpring.controlPoints(timing) {
      return .basic(duration: timing.duration, curve: curve)
    }
    let s = NativeSpring.parameters(timing)!
    return .spring(
      duration: timing.duration, mass: s.mass, stiffness: s.stiffness, damping: s.damping,
      velocity: s.velocity, overdamped: s.overdamped)
  }

  /// The rows of an in-flight track for component `k`, as offsets from its own `to`, begun
  /// `shift` seconds before the retarget plan (a chain adds each level's pair); the reason it
  /// cannot be rows, or nil.
  static func remainder(
    _ inner: Track, _ property: LayerProperty, anchor: Point, component k: Int, shift: Double,
    into entries: inout [(Entry, Double, Double)]
  ) -> NativeMeta.Reason? {
    let timing = inner.timing!
    let from = componentPaths(inner.change.ends.from, property, anchor: anchor)[k].1
    let to = componentPaths(inner.change.ends.to, property, anchor: anchor)[k].1
    switch inner.motion {
    case .none:
      if inner.arcControl != nil { return .arc }
      if from != to { entries.append((analyticEntry(timing), inner.delay - shift, from - to)) }
    case .spring(let motion):
      let u = componentVelocities(motion.velocity, property, anchor: anchor)[k]
      let s = NativeSpring.parameters(timing)!
      if abs(to - from) < 1e-6 {
        if abs(u) >= 1e-6 { return .velocity }
      } else {
        let entry = Entry.spring(
          duration: motion.end, mass: s.mass, stiffness: s.stiffness, damping: s.damping,
          velocity: u / (to - from), overdamped: s.overdamped)
        entries.append((entry, -shift, from - to))
      }
    case .additive(let motion):
      if let problem = remainder(
        motion.inner, property, anchor: anchor, component: k, shift: shift + motion.at,
        into: &entries)
      {
        return problem
      }
      let b = componentPaths(motion.inner.change.ends.to, property, anchor: anchor)[k].1
      if b != to { entries.append((analyticEntry(timing), inner.delay - shift, b - to)) }
    }
    return nil
  }

}
