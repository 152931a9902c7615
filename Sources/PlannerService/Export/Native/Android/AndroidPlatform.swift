import JSON
import TransitionEngine

/// The `android` document (docs/NATIVE.md 4): every layer a View laid out once at a base frame
/// and moved by its render properties (translation and scale about pivot (0, 0), alpha, an
/// animation matrix for what those cannot express) and custom properties the app applies
/// (radius, content frame, shadow opacity); `ObjectAnimator`s with `PathInterpolator`s and
/// `SpringAnimation`s where the platform has the primitive, keyframes placed by
/// docs/NATIVE.md 2.3 where it has not.
struct AndroidExporter {
  enum Entry: Equatable {
    case pathInterpolator(duration: Double, curve: [Double])
    case spring(duration: Double, dampingRatio: Double, stiffness: Double)
    case keyframes(duration: Double, fractions: [Double])
  }

  struct Row {
    var property: String
    var timing: Int
    var startDelay: Double
    var from: NativeValue? = nil
    var to: NativeValue? = nil
    var startVelocity: Double? = nil
    var values: [NativeValue] = []
  }

  /// How a layer's geometry is carried (docs/NATIVE.md 4.3).
  enum Geometry: Hashable {
    case translation, scale
    /// An `android.graphics.Matrix` carries the frame and the transform.
    case matrix
  }

  /// A View's base frame: its origin at the start, its larger size (a size of 0 is 1).
  struct Base: Hashable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  private let source: NativeDocument.Source
  private let grid: [Double]
  private var timings = NativeTimingTable<Entry>()
  private var meta = NativeMeta()
  private var sampler = NativeSampler()
  /// Sampled geometry by everything its values and deviation depend on: a hero pair's two
  /// layers fly the same frame track from the same base, so they share their keyframes (as
  /// CA's pairs share their `position` rows) and the arc is sampled once.
  private var placed: [GroupKey: NativeSampler.Keys] = [:]

  struct GroupKey: Hashable {
    var frame: Track?
    var transform: Track?
    var heldFrame: Rect
    var heldTransform: Transform3D
    var geometry: Geometry
    var base: Base
    var anchor: Point
    var names: [String]
  }

  static func export(_ source: NativeDocument.Source) -> [UInt8] {
    var exporter = AndroidExporter(source: source)
    return exporter.write()
  }

  private init(source: NativeDocument.Source) {
    self.source = source
    grid = source.outline.grid
  }

  private var planTiming: Timing { source.outline.timing }

  private mutating func write() -> [UInt8] {
    let layers = source.outline.choreography.layers
    var rows: [[Row]] = []
    for layer in layers { rows.append(self.rows(layer)) }
    var w = JSONWriter(capacity: 4096 + layers.count * 1024)
    NativeDocument.writeHead("android", source, &w)
    w.raw("\"timings\":[")
    for (i, entry) in timings.entries.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      Self.write(entry, &w)
    }
    w.raw("],\"layers\":[")
    for (i, layer) in layers.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      writeLayer(layer, rows[i], &w)
    }
    w.byte(UInt8(ascii: "]"))
    NativeDocument.writeTail(source, meta: meta, &w)
    return w.bytes
  }

  // MARK: - Geometry (docs/NATIVE.md 4.3)

  static func geometry(_ layer: Layer) -> Geometry {
    let ends: (Transform3D, Transform3D)
    if let track = layer.track(for: .transform) {
      let (a, b) = track.change.ends
      ends = (a.transformValue, b.transformValue)
    } else {
      ends = (layer.transform, layer.transform)
    }
    switch TransformClass.of(ends.0, ends.1) {
    case .translation: return .translation
    case .scale: return .scale
    case nil: return .matrix
    }
  }

  static func base(_ layer: Layer) -> Base {
    let start = layer.frame
    var (w, h) = (start.width, start.height)
    if let track = layer.track(for: .frame) {
      let (a, b) = track.change.ends
      w = max(a.rectValue.width, b.rectValue.width)
      h = max(a.rectValue.height, b.rectValue.height)
    }
    return Base(x: start.x, y: start.y, width: w == 0 ? 1 : w, height: h == 0 ? 1 : h)
  }

  /// `translationX`, `translationY`, `scaleX`, `scaleY` of a frame and a transform of the
  /// layer's class.
  static func properties(_ r: Rect, _ m: Transform3D, _ g: Geometry, _ base: Base, anchor: Point)
    -> [Double]
  {
    switch g {
    case .translation:
      return [
        r.x - base.x + m.m41, r.y - base.y + m.m42, r.width / base.width, r.height / base.height,
      ]
    case .scale:
      return [
        r.x + anchor.x * r.width * (1 - m.m11) - base.x,
        r.y + anchor.y * r.height * (1 - m.m22) - base.y,
        r.width * m.m11 / base.width, r.height * m.m22 / base.height,
      ]
    case .matrix:
      return matrix(r, m, base, anchor: anchor)
    }
  }

  /// The 9 numbers of `((S(w/W0, h/H0) . T(-ax w, -ay h)) . M2) . T(x + ax w - X0, y + ay h - Y0)`
  /// transposed, divided by their last (docs/NATIVE.md 4.3).
  static func matrix(_ r: Rect, _ m: Transform3D, _ base: Base, anchor: Point) -> [Double] {
    typealias M3 = [[Double]]
    func product(_ a: M3, _ b: M3) -> M3 {
      var p: M3 = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
      for i in 0..<3 {
        for j in 0..<3 {
          var sum: Double = a[i][0] * b[0][j]
          sum += a[i][1] * b[1][j]
          sum += a[i][2] * b[2][j]
          p[i][j] = sum
        }
      }
      return p
    }
    let s: M3 = [[r.width / base.width, 0, 0], [0, r.height / base.height, 0], [0, 0, 1]]
    let ta: M3 = [[1, 0, 0], [0, 1, 0], [-(anchor.x * r.width), -(anchor.y * r.height), 1]]
    let m2: M3 = [[m.m11, m.m12, m.m14], [m.m21, m.m22, m.m24], [m.m41, m.m42, m.m44]]
    let tb: M3 = [
      [1, 0, 0], [0, 1, 0],
      [r.x + anchor.x * r.width - base.x, r.y + anchor.y * r.height - base.y, 1],
    ]
    let p = product(product(product(s, ta), m2), tb)
    let last = p[2][2]
    return [p[0][0], p[1][0], p[2][0], p[0][1], p[1][1], p[2][1], p[0][2], p[1][2], p[2][2]].map {
      $0 / last
    }
  }

  /// The corners of a View (base frame, render properties or matrix), in points.
  static func corners(_ values: [Double], _ g: Geometry, _ base: Base) -> [(Double, Double)] {
    let corners = [(0.0, 0.0), (base.width, 0), (base.width, base.height), (0, base.height)]
    if g == .matrix {
      return corners.map { u, v in
        let w = values[6] * u + values[7] * v + values[8]
        return (
          base.x + (values[0] * u + values[1] * v + values[2]) / w,
          base.y + (values[3] * u + values[4] * v + values[5]) / w
        )
      }
    }
    return corners.map { u, v in
      (base.x + values[0] + u * values[2], base.y + values[1] + v * values[3])
    }
  }

  static func cornerDeviation(_ a: [Double], _ b: [Double], _ g: Geometry, _ base: Base) -> Double {
    var worst = 0.0
    for (p, q) in zip(corners(a, g, base), corners(b, g, base)) {
      worst = max(worst, abs(p.0 - q.0), abs(p.1 - q.1))
    }
    return worst
  }

  static let geometryNames = ["translationX", "translationY", "scaleX", "scaleY"]

  // MARK: - Rows (docs/NATIVE.md 4.4, 5.1)

  private mutating func rows(_ layer: Layer) -> [Row] {
    var rows: [Row] = []
    var geometryDone = false
    for track in layer.tracks {
      let property = track.change.layerProperty
      if property == .frame || property == .transform {
        // Written once, at the first geometric track, for both.
        if !geometryDone { rows += geometryRows(layer) }
        geometryDone = true
        continue
      }
      let t = NativeTrack(track, planTiming: planTiming)
      var reason: NativeMeta.Reason? = nil
      rows += propertyRows(t, layer, &reason)
      record(layer.id, property, reason)
    }
    return rows
  }

  private mutating func record(
    _ layer: String, _ property: LayerProperty, _ reason: NativeMeta.Reason?
  ) {
    if let reason {
      meta.sampled(layer, property.rawValue, reason)
    } else {
      meta.exact(layer, property.rawValue)
    }
  }

  /// An analytic entry for a plain track's timing, and its relative velocity (a spring's).
  private mutating func analytic(_ timing: Timing, duration: Double? = nil) -> (Int, Double) {
    let d = duration ?? timing.duration
    if let curve = NativeSpring.controlPoints(timing) {
      return (timings.index(of: .pathInterpolator(duration: d, curve: curve)), 0)
    }
    let s = NativeSpring.parameters(timing)!
    let entry = Entry.spring(
      duration: d, dampingRatio: NativeSpring.dampingRatio(timing)!, stiffness: s.stiffness / s.mass
    )
    return (timings.index(of: entry), s.velocity)
  }

  /// A plain row between two values, `velocity` relative (a spring's: `v (to - from)` is its
  /// start velocity), or absolute when `absolute`.
  private mutating func analyticRow(
    _ name: String, _ a: Double, _ b: Double, timing: Timing, delay: Double,
    duration: Double? = nil, absoluteVelocity: Double? = nil
  ) -> Row? {
    guard a != b || (absoluteVelocity ?? 0) != 0 else { return nil }
    let (index, v) = analytic(timing, duration: duration)
    var row = Row(
      property: name, timing: index, startDelay: delay, from: .number(a), to: .number(b))
    if case .spring = timings.entries[index] {
      row.startVelocity = absoluteVelocity ?? v * (b - a)
    }
    return row
  }

  /// The geometry rows of a layer: translation and scale (analytic where one track alone moves
  /// them in its class, keyframes where both do or an arc does) or one matrix row.
  private mutating func geometryRows(_ layer: Layer) -> [Row] {
    let g = Self.geometry(layer)
    let base = Self.base(layer)
    let anchor = layer.anchor
    let frame = layer.track(for: .frame).map { NativeTrack($0, planTiming: planTiming) }
    let transform = layer.track(for: .transform).map { NativeTrack($0, planTiming: planTiming) }
    let frameMoves =
      frame.map { !$0.isMotion ? $0.track.change.ends.from != $0.track.change.ends.to : true }
      ?? false
    let transformMoves =
      transform.map { !$0.isMotion ? $0.track.change.ends.from != $0.track.change.ends.to : true }
      ?? false
    var frameReason: NativeMeta.Reason? = nil
    var transformReason: NativeMeta.Reason? = nil
    var rows: [Row] = []
    let heldFrame = layer.frame
    let heldTransform = layer.transform
    // Every reason that applies to a geometric track; `meta` names the first (5.1's order).
    let frameAdditive: NativeMeta.Reason? =
      frame?.track.motion?.isAdditive == true ? .additive : nil
    let transformAdditive: NativeMeta.Reason? =
      transform?.track.motion?.isAdditive == true ? .additive : nil
    let frameArc: NativeMeta.Reason? = frame?.track.arcControl != nil ? .arc : nil
    let bothMove: NativeMeta.Reason? = frameMoves && transformMoves ? .combined : nil
    if g == .matrix {
      if frameMoves || transformMoves {
        transformReason =
          transformMoves
          ? .first(transformAdditive == nil ? .transform : nil, bothMove, transformAdditive) : nil
        frameReason = frameMoves ? .first(frameArc, .combined, frameAdditive) : nil
        rows += sampledGeometry(
          layer, g, base, frame: frame, transform: transform, names: ["matrix"])
      }
    } else if frameMoves && transformMoves {
      frameReason = .first(frameArc, .combined, frameAdditive)
      transformReason = .first(.combined, transformAdditive)
      rows += sampledGeometry(
        layer, g, base, frame: frame, transform: transform, names: Self.geometryNames)
    } else if frameMoves, let f = frame {
      let (a, b) = f.track.change.ends
      let va = Self.properties(a.rectValue, heldTransform, g, base, anchor: anchor)
      let vb = Self.properties(b.rectValue, heldTransform, g, base, anchor: anchor)
      switch f.track.motion {
      case .none:
        if f.track.arcControl != nil {
          frameReason = .arc
          rows += sampledGeometry(
            layer, g, base, frame: f, transform: nil, names: ["translationX", "translationY"])
          for k in 2..<4 {
            if let row = analyticRow(
              Self.geometryNames[k], va[k], vb[k], timing: f.timing, delay: f.start)
            {
              rows.append(row)
            }
          }
        } else {
          for k in 0..<4 {
            if let row = analyticRow(
              Self.geometryNames[k], va[k], vb[k], timing: f.timing, delay: f.start)
            {
              rows.append(row)
            }
          }
        }
      case .spring(let motion):
        let v = motion.velocity
        let m = heldTransform
        let u: [Double] =
          g == .translation
          ? [v[0], v[1], v[2] / base.width, v[3] / base.height]
          : [
            v[0] + anchor.x * (1 - m.m11) * v[2], v[1] + anchor.y * (1 - m.m22) * v[3],
            v[2] * m.m11 / base.width, v[3] * m.m22 / base.height,
          ]
        for k in 0..<4 {
          if let row = analyticRow(
            Self.geometryNames[k], va[k], vb[k], timing: f.timing, delay: 0, duration: f.end,
            absoluteVelocity: u[k])
          {
            rows.append(row)
          }
        }
      case .additive:
        frameReason = .first(frameArc, .additive)
        rows += sampledGeometry(layer, g, base, frame: f, transform: nil, names: Self.geometryNames)
      }
    } else if transformMoves, let x = transform {
      let (a, b) = x.track.change.ends
      let va = Self.properties(heldFrame, a.transformValue, g, base, anchor: anchor)
      let vb = Self.properties(heldFrame, b.transformValue, g, base, anchor: anchor)
      switch x.track.motion {
      case .none:
        for k in 0..<4 {
          if let row = analyticRow(
            Self.geometryNames[k], va[k], vb[k], timing: x.timing, delay: x.start)
          {
            rows.append(row)
          }
        }
      case .spring(let motion):
        if let parts = motion.parts,
          let kind = TransformClass.of(
            parts: parts.from.values, parts.to.values, velocity: motion.velocity),
          (kind == .translation) == (g == .translation)
        {
          let v = motion.velocity
          let r = heldFrame
          let u: [Double] =
            kind == .translation
            ? [v[4], v[5], 0, 0]
            : [
              -anchor.x * r.width * v[7], -anchor.y * r.height * v[8], r.width * v[7] / base.width,
              r.height * v[8] / base.height,
            ]
          for k in 0..<4 {
            if let row = analyticRow(
              Self.geometryNames[k], va[k], vb[k], timing: x.timing, delay: 0, duration: x.end,
              absoluteVelocity: u[k])
            {
              rows.append(row)
            }
          }
        } else {
          transformReason = .transform
          rows += sampledGeometry(
            layer, g, base, frame: nil, transform: x, names: Self.geometryNames)
        }
      case .additive:
        transformReason = .additive
        rows += sampledGeometry(layer, g, base, frame: nil, transform: x, names: Self.geometryNames)
      }
    }
    // Every geometric track listed once, in the layer's order.
    for track in layer.tracks {
      switch track.change.layerProperty {
      case .frame: record(layer.id, .frame, frameReason)
      case .transform: record(layer.id, .transform, transformReason)
      default: break
      }
    }
    return rows
  }

  /// The layer's geometry rows sampled as one group over the tracks that move them.
  private mutating func sampledGeometry(
    _ layer: Layer, _ g: Geometry, _ base: Base, frame: NativeTrack?, transform: NativeTrack?,
    names: [String]
  ) -> [Row] {
    let tracks = [frame, transform].compactMap { $0 }
    let anchor = layer.anchor
    let heldFrame = layer.frame
    let heldTransform = layer.transform
    let translationOnly = names.count == 2
    let d = tracks.map(\.start).min()!
    let e = tracks.map(\.end).max()!
    let group = NativeSampler.Group(
      schedules: tracks.map { ($0.start, $0.end) },
      length: tracks.count == 1 ? tracks[0].length : e - d,
      values: { time, lo, hi in
        let r = frame?.continuedRect(time, lo, hi) ?? heldFrame
        let m = transform?.continued(time, lo, hi).transformValue ?? heldTransform
        let all = Self.properties(r, m, g, base, anchor: anchor)
        return translationOnly ? Array(all[0..<2]) : all
      },
      deviation: { a, b, _ in
        translationOnly ? NativeDeviation.largest(a, b) : Self.cornerDeviation(a, b, g, base)
      },
      breaks: tracks.flatMap(\.breaks))
    let key = GroupKey(
      frame: frame?.track, transform: transform?.track,
      heldFrame: frame == nil ? heldFrame : Rect(x: 0, y: 0, width: 0, height: 0),
      heldTransform: transform == nil ? heldTransform : .identity, geometry: g, base: base,
      anchor: anchor, names: names)
    let keys: NativeSampler.Keys
    if let done = placed[key] {
      keys = done
    } else {
      keys = sampler.sample(group, grid: grid)
      placed[key] = keys
    }
    if keys.coarse {
      for t in tracks { meta.coarse(layer.id, t.track.change.layerProperty.rawValue) }
    }
    let entry = Entry.keyframes(duration: keys.length, fractions: keys.keyTimes)
    var rows: [Row] = []
    for (k, name) in names.enumerated() {
      let values: [NativeValue]
      if name == "matrix" {
        values = keys.values.map { .list($0) }
      } else {
        let decimals = k < 2 ? 4 : 9
        values = keys.values.map { .number(NativeDocument.rounded($0[k], decimals: decimals)) }
      }
      // A row whose written values are all equal is left out.
      guard values.contains(where: { $0 != values[0] }) else { continue }
      rows.append(
        Row(
          property: name, timing: timings.index(of: entry), startDelay: keys.start, values: values))
    }
    return rows
  }

  /// The rows of alpha, corner radius, content frame and shadow opacity.
  private mutating func propertyRows(
    _ t: NativeTrack, _ layer: Layer, _ reason: inout NativeMeta.Reason?
  ) -> [Row] {
    let property = t.track.change.layerProperty
    let names: [String] =
      switch property {
      case .alpha: ["alpha"]
      case .cornerRadius: ["cornerRadius"]
      case .contentFrame: ["contentX", "contentY", "contentWidth", "contentHeight"]
      default: ["shadowOpacity"]
      }
    let (from, to) = t.track.change.ends
    let a = Self.numbers(from)
    let b = Self.numbers(to)
    switch t.track.motion {
    case .none:
      return names.indices.compactMap { k in
        analyticRow(names[k], a[k], b[k], timing: t.timing, delay: t.start)
      }
    case .spring(let motion):
      return names.indices.compactMap { k in
        analyticRow(
          names[k], a[k], b[k], timing: t.timing, delay: 0, duration: t.end,
          absoluteVelocity: motion.velocity[k])
      }
    case .additive:
      reason = .additive
      let group = NativeSampler.Group(
        schedules: [(t.start, t.end)], length: t.length,
        values: { time, lo, hi in Self.numbers(t.continued(time, lo, hi)) },
        deviation: { a, b, _ in NativeDeviation.largest(a, b) },
        breaks: t.breaks, tolerance: NativeSampler.tolerance(opacity: property.isOpacity))
      let keys = sampler.sample(group, grid: grid)
      if keys.coarse { meta.coarse(layer.id, property.rawValue) }
      let entry = Entry.keyframes(duration: keys.length, fractions: keys.keyTimes)
      var rows: [Row] = []
      for (k, name) in names.enumerated() {
        // Lengths (radius, content frame) rounded to 1e-4 pt as every sampled length is, on
        // both platforms; opacities as computed.
        let values = keys.values.map {
          NativeValue.number(
            property.isOpacity ? $0[k] : NativeDocument.rounded($0[k], decimals: 4))
        }
        guard values.contains(where: { $0 != values[0] }) else { continue }
        rows.append(
          Row(
            property: name, timing: timings.index(of: entry), startDelay: keys.start, values: values
          ))
      }
      return rows
    }
  }

  static func numbers(_ value: PropertyValue) -> [Double] {
    switch value {
    case .number(let v): [v]
    case .rect(let r): [r.x, r.y, r.width, r.height]
    case .transform(let m): m.values
    }
  }

  // MARK: - Writing (docs/NATIVE.md 4.2, 4.4)

  private static func write(_ entry: Entry, _ w: inout JSONWriter) {
    switch entry {
    case .pathInterpolator(let duration, let c):
      w.raw("{\"kind\":\"pathInterpolator\",\"duration\":")
      w.number(duration)
      w.raw(",\"x1\":")
      w.number(c[0])
      w.raw(",\"y1\":")
      w.number(c[1])
      w.raw(",\"x2\":")
      w.number(c[2])
      w.raw(",\"y2\":")
      w.number(c[3])
    case .spring(let duration, let ratio, let stiffness):
      w.raw("{\"kind\":\"spring\",\"duration\":")
      w.number(duration)
      w.raw(",\"dampingRatio\":")
      w.number(ratio)
      w.raw(",\"stiffness\":")
      w.number(stiffness)
    case .keyframes(let duration, let fractions):
      w.raw("{\"kind\":\"keyframes\",\"duration\":")
      w.number(duration)
      w.raw(",\"fractions\":")
      NativeDocument.writeNumbers(fractions, &w)
    }
    w.byte(UInt8(ascii: "}"))
  }

  private func writeLayer(_ layer: Layer, _ rows: [Row], _ w: inout JSONWriter) {
    let g = Self.geometry(layer)
    let base = Self.base(layer)
    let start = Self.properties(
      layer.frame, layer.transform, g == .matrix ? .translation : g, base, anchor: layer.anchor)
    let initial = Initial(
      geometry: start, alpha: layer.alpha,
      matrix: g == .matrix
        ? Self.matrix(layer.frame, layer.transform, base, anchor: layer.anchor) : nil,
      cornerRadius: layer.reportsCornerRadius ? layer.cornerRadius : nil,
      content: layer.contentFrame,
      shadowOpacity: layer.shadow != nil ? layer.shadowOpacity : nil)
    Self.writeLayer(
      id: layer.id, content: layer.content, base: base, shadow: layer.shadow, initial, rows, &w)
  }

  /// A View's values at the start (docs/NATIVE.md 4.2's `initial`): its translation and scale
  /// (`geometry`, ignored on a matrix layer, which starts at 0 and 1 with its `matrix`), alpha,
  /// and the custom properties the layer has.
  struct Initial {
    var geometry: [Double]
    var alpha: Double
    var matrix: [Double]?
    var cornerRadius: Double?
    var content: Rect?
    var shadowOpacity: Double?
  }

  /// `{"id", "content", "frame"[, "shadow"], "initial", "animations"}`.
  static func writeLayer(
    id: String, content: LayerContent, base: Base, shadow: LayerShadow?, _ initial: Initial,
    _ rows: [Row], _ w: inout JSONWriter
  ) {
    w.raw("{\"id\":")
    w.string(id)
    w.raw(",\"content\":")
    w.content(content)
    w.raw(",\"frame\":")
    w.rect(Rect(x: base.x, y: base.y, width: base.width, height: base.height))
    if let shadow {
      w.raw(",\"shadow\":{\"color\":")
      w.string(shadow.color)
      w.raw(",\"radius\":")
      w.number(shadow.radius)
      w.raw(",\"offset\":")
      w.point(shadow.offset)
      w.byte(UInt8(ascii: "}"))
    }
    let matrix = initial.matrix != nil
    w.raw(",\"initial\":{\"translationX\":")
    w.number(matrix ? 0 : initial.geometry[0])
    w.raw(",\"translationY\":")
    w.number(matrix ? 0 : initial.geometry[1])
    w.raw(",\"scaleX\":")
    w.number(matrix ? 1 : initial.geometry[2])
    w.raw(",\"scaleY\":")
    w.number(matrix ? 1 : initial.geometry[3])
    w.raw(",\"alpha\":")
    w.number(initial.alpha)
    if let m = initial.matrix {
      w.raw(",\"matrix\":")
      NativeDocument.writeNumbers(m, &w)
    }
    if let radius = initial.cornerRadius {
      w.raw(",\"cornerRadius\":")
      w.number(radius)
    }
    if let c = initial.content {
      w.raw(",\"contentX\":")
      w.number(c.x)
      w.raw(",\"contentY\":")
      w.number(c.y)
      w.raw(",\"contentWidth\":")
      w.number(c.width)
      w.raw(",\"contentHeight\":")
      w.number(c.height)
    }
    if let opacity = initial.shadowOpacity {
      w.raw(",\"shadowOpacity\":")
      w.number(opacity)
    }
    w.raw("},\"animations\":[")
    for (i, row) in rows.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{\"property\":")
      w.string(row.property)
      w.raw(",\"timing\":")
      w.integer(Int64(row.timing))
      w.raw(",\"startDelay\":")
      w.number(row.startDelay)
      if let from = row.from, let to = row.to {
        w.raw(",\"from\":")
        Self.write(from, &w)
        w.raw(",\"to\":")
        Self.write(to, &w)
        if let v = row.startVelocity {
          w.raw(",\"startVelocity\":")
          w.number(v)
        }
      } else {
        w.raw(",\"values\":[")
        for (j, v) in row.values.enumerated() {
          if j > 0 { w.byte(UInt8(ascii: ",")) }
          Self.write(v, &w)
        }
        w.byte(UInt8(ascii: "]"))
      }
      w.byte(UInt8(ascii: "}"))
    }
    w.raw("]}")
  }

  private static func write(_ value: NativeValue, _ w: inout JSONWriter) {
    switch value {
    case .number(let v): NativeDocument.number(v, &w)
    case .list(let l): NativeDocument.writeNumbers(l, &w)
    }
  }
}

extension TrackMotion {
  var isAdditive: Bool { if case .additive = self { true } else { false } }
}
