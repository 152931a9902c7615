import JSON
import TransitionEngine

/// The `coreanimation` document (docs/NATIVE.md 3): per layer its CALayer model at the end and
/// the animations that run it there - `CABasicAnimation`s and `CASpringAnimation`s wherever the
/// platform has the exact primitive, `CAKeyframeAnimation`s placed by docs/NATIVE.md 2.3 for
/// what it has not (arcs, general matrix paths).
struct CoreAnimationExporter {
  enum Entry: Equatable {
    case basic(duration: Double, curve: [Double])
    case spring(
      duration: Double, mass: Double, stiffness: Double, damping: Double, velocity: Double,
      overdamped: Bool)
    case keyframe(duration: Double, keyTimes: [Double])
  }

  struct Row {
    var keyPath: String
    var timing: Int
    var beginTime: Double
    var additive = false
    var valueFunction: String? = nil
    var from: NativeValue? = nil
    var to: NativeValue? = nil
    var values: [NativeValue] = []
  }

  private let source: NativeDocument.Source
  private let grid: [Double]
  private var timings = NativeTimingTable<Entry>()
  private var meta = NativeMeta()
  private var sampler = NativeSampler()
  /// Sampled groups already placed, by what determines them (a pair's two layers have equal
  /// frame tracks and anchors, and share the work).
  private var placed: [PlacedKey: NativeSampler.Keys] = [:]

  /// What a sampled group's keys depend on: the row, the track, the anchor, and for a row
  /// measured at the layer's corners the layer (its other rows).
  struct PlacedKey: Hashable {
    var row: String
    var track: Track
    var anchor: Point
    var layer: String? = nil
  }

  static func export(_ source: NativeDocument.Source) -> [UInt8] {
    var exporter = CoreAnimationExporter(source: source)
    return exporter.write()
  }

  private init(source: NativeDocument.Source) {
    self.source = source
    grid = source.outline.grid
  }

  private mutating func write() -> [UInt8] {
    let layers = source.outline.choreography.layers
    var rows: [(main: [Row], content: [Row])] = []
    for layer in layers { rows.append(self.rows(layer)) }
    var w = JSONWriter(capacity: 4096 + layers.count * 1024)
    NativeDocument.writeHead("coreanimation", source, &w)
    w.raw("\"timings\":[")
    for (i, entry) in timings.entries.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      Self.write(entry, &w)
    }
    w.raw("],\"layers\":[")
    for (i, layer) in layers.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      writeLayer(layer, index: i, rows[i].main, content: rows[i].content, &w)
    }
    w.byte(UInt8(ascii: "]"))
    NativeDocument.writeTail(source, meta: meta, &w)
    return w.bytes
  }

  // MARK: - Rows (docs/NATIVE.md 3.4, 5.1)

  private var planTiming: Timing { source.outline.timing }

  /// A layer's rows and its content layer's rows, in its tracks' order.
  private mutating func rows(_ layer: Layer) -> (main: [Row], content: [Row]) {
    var main: [Row] = []
    var content: [Row] = []
    for track in layer.tracks {
      let native = NativeTrack(track, planTiming: planTiming)
      let property = track.change.layerProperty
      var reason: NativeMeta.Reason? = nil
      var made: [Row] = []
      switch track.motion {
      case .none: made = plainRows(native, layer, &reason)
      case .spring: made = springRows(native, layer, &reason)
      case .additive: made = additiveRows(native, layer, &reason)
      }
      if let reason {
        meta.sampled(layer.id, property.rawValue, reason)
      } else {
        meta.exact(layer.id, property.rawValue)
      }
      if property == .contentFrame { content += made } else { main += made }
    }
    return (main, content)
  }

  /// The key paths of a property's value, each as a list of numbers (a number bare).
  private static func keyPaths(_ value: PropertyValue, _ property: LayerProperty, anchor: Point)
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
    default: preconditionFailure("no key paths for \(property)")
    }
  }

  /// The one-number key paths of a value (retarget rows: each has its own velocity).
  private static func componentPaths(
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
  private mutating func analytic(_ timing: Timing) -> Int {
    if let curve = NativeSpring.controlPoints(timing) {
      return timings.index(of: .basic(duration: timing.duration, curve: curve))
    }
    let s = NativeSpring.parameters(timing)!
    return timings.index(
      of: .spring(
        duration: timing.duration, mass: s.mass, stiffness: s.stiffness, damping: s.damping,
        velocity: s.velocity, overdamped: s.overdamped))
  }

  private mutating func plainRows(
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
  private mutating func springRows(
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
      let base = kind == .translation ? 4 : 7
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
  private static func componentVelocities(_ v: [Double], _ property: LayerProperty, anchor: Point)
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
  private mutating func additiveRows(
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

  private static func analyticEntry(_ timing: Timing) -> Entry {
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
  private static func remainder(
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

  // MARK: - Sampled rows (docs/NATIVE.md 2.3)

  /// A keyframe row from sampled keys, its values rounded to `decimals` (nil: as computed).
  private mutating func keyframeRow(
    _ path: String, _ keys: NativeSampler.Keys, bare: Bool, decimals: Int?, _ t: NativeTrack,
    _ layer: Layer
  ) -> Row? {
    if keys.coarse { meta.coarse(layer.id, t.track.change.layerProperty.rawValue) }
    let values = keys.values.map { v in
      NativeValue(
        decimals.map { d in v.map { NativeDocument.rounded($0, decimals: d) } } ?? v, bare: bare)
    }
    // A row whose written values are all equal is left out.
    guard values.contains(where: { $0 != values[0] }) else { return nil }
    let entry = Entry.keyframe(duration: keys.length, keyTimes: keys.keyTimes)
    return Row(
      keyPath: path, timing: timings.index(of: entry), beginTime: keys.start, values: values)
  }

  private mutating func sampledKeys(_ key: PlacedKey, _ group: NativeSampler.Group)
    -> NativeSampler.Keys
  {
    if let done = placed[key] { return done }
    let keys = sampler.sample(group, grid: grid)
    placed[key] = keys
    return keys
  }

  /// An arc's `position` row.
  private mutating func sampledPosition(_ t: NativeTrack, _ layer: Layer) -> Row? {
    let anchor = layer.anchor
    let group = NativeSampler.Group(
      schedules: [(t.start, t.end)], length: t.length,
      values: { time, lo, hi in
        let r = t.continuedRect(time, lo, hi)
        return [r.x + anchor.x * r.width, r.y + anchor.y * r.height]
      },
      appendValues: { time, lo, hi, out in
        let r = t.continuedRect(time, lo, hi)
        out.append(r.x + anchor.x * r.width)
        out.append(r.y + anchor.y * r.height)
      },
      deviation: { a, b, _ in NativeDeviation.largest(a, b) })
    let keys = sampledKeys(PlacedKey(row: "position", track: t.track, anchor: anchor), group)
    return keyframeRow("position", keys, bare: false, decimals: 4, t, layer)
  }

  /// A `transform` row of matrices, measured at the layer's corners (its frame exact).
  private mutating func sampledTransform(_ t: NativeTrack, _ layer: Layer) -> [Row] {
    let frameTrack = layer.track(for: .frame).map { NativeTrack($0, planTiming: planTiming) }
    let held = layer.frame
    let anchor = layer.anchor
    let frame = { (time: Double) in frameTrack?.exact(time).rectValue ?? held }
    let group = NativeSampler.Group(
      schedules: [(t.start, t.end)], length: t.length,
      values: { time, lo, hi in t.continued(time, lo, hi).transformValue.values },
      deviation: { a, b, time in
        let f = frame(time)
        return NativeDeviation.corners(
          LayerGeometry(frame: f, anchor: anchor, transform: Transform3D(a)),
          LayerGeometry(frame: f, anchor: anchor, transform: Transform3D(b)))
      },
      decompositionBlend: true, breaks: t.breaks)
    let keys = sampledKeys(
      PlacedKey(row: "transform", track: t.track, anchor: anchor, layer: layer.id), group)
    return keyframeRow("transform", keys, bare: false, decimals: nil, t, layer).map { [$0] } ?? []
  }

  /// One one-number key path of a retarget spring, sampled over its span.
  private mutating func sampledComponent(_ t: NativeTrack, _ layer: Layer, _ path: String) -> Row? {
    let property = t.track.change.layerProperty
    let anchor = layer.anchor
    let index = Self.componentPaths(t.track.change.ends.to, property, anchor: anchor)
      .firstIndex { $0.0 == path }!
    let group = NativeSampler.Group(
      schedules: [(t.start, t.end)], length: t.length,
      values: { time, lo, hi in
        [Self.componentPaths(t.continued(time, lo, hi), property, anchor: anchor)[index].1]
      },
      deviation: { a, b, _ in NativeDeviation.largest(a, b) },
      breaks: t.breaks, tolerance: NativeSampler.tolerance(opacity: property.isOpacity))
    let keys = sampledKeys(PlacedKey(row: path, track: t.track, anchor: anchor), group)
    let lengths = property == .frame || property == .contentFrame || property == .cornerRadius
    return keyframeRow(path, keys, bare: true, decimals: lengths ? 4 : nil, t, layer)
  }

  /// A whole retarget track sampled (an additive track CA cannot add up): its key paths as
  /// keyframe rows of one group.
  private mutating func sampledWhole(_ t: NativeTrack, _ layer: Layer) -> [Row] {
    let property = t.track.change.layerProperty
    let anchor = layer.anchor
    let paths = Self.keyPaths(t.track.change.ends.to, property, anchor: anchor)
    let group = NativeSampler.Group(
      schedules: [(t.start, t.end)], length: t.length,
      values: { time, lo, hi in
        Self.keyPaths(t.continued(time, lo, hi), property, anchor: anchor).flatMap { $0.1 }
      },
      deviation: { a, b, _ in
        switch property {
        case .frame: NativeDeviation.box(a, b, anchor: anchor)
        case .contentFrame: NativeDeviation.box(a, b, anchor: Point(x: 0, y: 0))
        default: NativeDeviation.largest(a, b)
        }
      },
      breaks: t.breaks, tolerance: NativeSampler.tolerance(opacity: property.isOpacity))
    let keys = sampledKeys(PlacedKey(row: "whole", track: t.track, anchor: anchor), group)
    var rows: [Row] = []
    var offset = 0
    let lengths = property == .frame || property == .contentFrame || property == .cornerRadius
    for (path, numbers, bare) in paths {
      var part = keys
      part.values = keys.values.map { Array($0[offset..<(offset + numbers.count)]) }
      offset += numbers.count
      if let row = keyframeRow(path, part, bare: bare, decimals: lengths ? 4 : nil, t, layer) {
        rows.append(row)
      }
    }
    return rows
  }

  // MARK: - Writing (docs/NATIVE.md 3.1-3.3)

  private static func write(_ entry: Entry, _ w: inout JSONWriter) {
    switch entry {
    case .basic(let duration, let curve):
      w.raw("{\"kind\":\"basic\",\"duration\":")
      w.number(duration)
      w.raw(",\"fillMode\":\"backwards\",\"timingFunction\":")
      NativeDocument.writeNumbers(curve, &w)
    case .spring(let duration, let m, let k, let c, let v, let overdamped):
      w.raw("{\"kind\":\"spring\",\"duration\":")
      w.number(duration)
      w.raw(",\"fillMode\":\"backwards\",\"mass\":")
      w.number(m)
      w.raw(",\"stiffness\":")
      w.number(k)
      w.raw(",\"damping\":")
      w.number(c)
      w.raw(",\"initialVelocity\":")
      w.number(v)
      if overdamped { w.raw(",\"allowsOverdamping\":true") }
    case .keyframe(let duration, let keyTimes):
      w.raw("{\"kind\":\"keyframe\",\"duration\":")
      w.number(duration)
      w.raw(",\"fillMode\":\"backwards\",\"calculationMode\":\"linear\",\"keyTimes\":")
      NativeDocument.writeNumbers(keyTimes, &w)
    }
    w.byte(UInt8(ascii: "}"))
  }

  private static func write(_ value: NativeValue, _ w: inout JSONWriter) {
    switch value {
    case .number(let v): NativeDocument.number(v, &w)
    case .list(let l): NativeDocument.writeNumbers(l, &w)
    }
  }

  private static func write(_ rows: [Row], _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "["))
    for (i, row) in rows.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{\"keyPath\":")
      w.string(row.keyPath)
      w.raw(",\"timing\":")
      w.integer(Int64(row.timing))
      w.raw(",\"beginTime\":")
      w.number(row.beginTime)
      if row.additive { w.raw(",\"additive\":true") }
      if let f = row.valueFunction {
        w.raw(",\"valueFunction\":")
        w.string(f)
      }
      if let from = row.from, let to = row.to {
        w.raw(",\"fromValue\":")
        write(from, &w)
        w.raw(",\"toValue\":")
        write(to, &w)
      } else {
        w.raw(",\"values\":[")
        for (j, v) in row.values.enumerated() {
          if j > 0 { w.byte(UInt8(ascii: ",")) }
          write(v, &w)
        }
        w.byte(UInt8(ascii: "]"))
      }
      w.byte(UInt8(ascii: "}"))
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// `{"id", "content", "model"[, "contentLayer"], "animations"}`; the model is the layer's
  /// state at the end (docs/NATIVE.md 3.2).
  private func writeLayer(
    _ layer: Layer, index: Int, _ rows: [Row], content: [Row], _ w: inout JSONWriter
  ) {
    let model = Model(
      frame: layer.endValue(.frame)!.rectValue, anchor: layer.anchor,
      opacity: layer.endValue(.alpha)!.numberValue,
      transform: layer.endValue(.transform)!.transformValue,
      cornerRadius: layer.reportsCornerRadius
        ? layer.endValue(.cornerRadius)!.numberValue : nil,
      masksToBounds: layer.reportsCornerRadius || layer.contentFrame != nil, zPosition: index,
      shadow: layer.shadow.map { ($0, layer.endValue(.shadowOpacity)!.numberValue) },
      contentFrame: layer.endValue(.contentFrame)?.rectValue)
    Self.writeLayer(id: layer.id, content: layer.content, model, rows, content: content, &w)
  }

  /// A layer's model values (docs/NATIVE.md 3.2) and its content layer's frame.
  struct Model {
    var frame: Rect
    var anchor: Point
    var opacity: Double
    var transform: Transform3D
    var cornerRadius: Double?
    var masksToBounds: Bool
    var zPosition: Int
    var shadow: (LayerShadow, opacity: Double)?
    var contentFrame: Rect?
  }

  static func writeLayer(
    id: String, content layerContent: LayerContent, _ model: Model, _ rows: [Row],
    content: [Row], _ w: inout JSONWriter
  ) {
    w.raw("{\"id\":")
    w.string(id)
    w.raw(",\"content\":")
    w.content(layerContent)
    w.raw(",\"model\":{\"position\":")
    w.point(model.frame.position(anchor: model.anchor))
    w.raw(",\"bounds\":")
    w.size(model.frame.size)
    w.raw(",\"anchorPoint\":")
    w.point(model.anchor)
    w.raw(",\"opacity\":")
    w.number(model.opacity)
    if !model.transform.isIdentity {
      w.raw(",\"transform\":")
      w.transform(model.transform)
    }
    if let radius = model.cornerRadius {
      w.raw(",\"cornerRadius\":")
      w.number(radius)
    }
    if model.masksToBounds {
      w.raw(",\"masksToBounds\":true")
    }
    w.raw(",\"zPosition\":")
    w.integer(Int64(model.zPosition))
    if let (shadow, opacity) = model.shadow {
      w.raw(",\"shadow\":{\"color\":")
      w.string(shadow.color)
      w.raw(",\"opacity\":")
      w.number(opacity)
      w.raw(",\"radius\":")
      w.number(shadow.radius)
      w.raw(",\"offset\":{\"width\":")
      w.number(shadow.offset.x)
      w.raw(",\"height\":")
      w.number(shadow.offset.y)
      w.raw("}}")
    }
    w.byte(UInt8(ascii: "}"))
    if let contentFrame = model.contentFrame {
      w.raw(",\"contentLayer\":{\"model\":{\"position\":")
      w.point(contentFrame.origin)
      w.raw(",\"bounds\":")
      w.size(contentFrame.size)
      w.raw("},\"animations\":")
      write(content, &w)
      w.byte(UInt8(ascii: "}"))
    }
    w.raw(",\"animations\":")
    write(rows, &w)
    w.byte(UInt8(ascii: "}"))
  }
}
