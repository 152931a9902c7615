import TransitionEngine

extension AndroidPlatform {
  /// The geometry rows of a layer (docs/NATIVE.md 4.3, 5.1), as ``AndroidGeometryDecision``
  /// decides them; its frame and transform tracks listed in `meta` once, in the layer's order.
  mutating func geometryRows(_ layer: Layer) -> [Row] {
    let g = Self.geometry(layer)
    let base = Self.base(layer)
    let frame = layer.track(for: .frame).map { NativeTrack($0, planTiming: planTiming) }
    let transform = layer.track(for: .transform).map { NativeTrack($0, planTiming: planTiming) }
    let frameMove = frame.flatMap { Self.move($0, g, isFrame: true) }
    let transformMove = transform.flatMap { Self.move($0, g, isFrame: false) }
    let decision = AndroidGeometryDecision.decide(g, frame: frameMove, transform: transformMove)
    var rows: [Row] = []
    switch decision.rows {
    case .none: break
    case .exact:
      if frameMove != nil, let f = frame {
        exactRows(f, layer, g, base, isFrame: true, names: Self.geometryNames, into: &rows)
      } else if let x = transform {
        exactRows(x, layer, g, base, isFrame: false, names: Self.geometryNames, into: &rows)
      }
    case .arc:
      let f = frame!
      rows += sampledGeometry(
        layer, g, base, frame: f, transform: nil,
        names: Array(Self.geometryNames[Self.translation]))
      exactRows(
        f, layer, g, base, isFrame: true, names: Array(Self.geometryNames[Self.scale]),
        first: Self.scale.lowerBound, into: &rows)
    case .sampled:
      // A matrix layer's group reads every geometric track it has; translation and scale
      // read the ones that move.
      let matrix = g == .matrix
      rows += sampledGeometry(
        layer, g, base, frame: matrix || frameMove != nil ? frame : nil,
        transform: matrix || transformMove != nil ? transform : nil,
        names: matrix ? ["matrix"] : Self.geometryNames)
    }
    for track in layer.tracks {
      switch track.change.layerProperty {
      case .frame: record(layer.id, .frame, decision.frameReason)
      case .transform: record(layer.id, .transform, decision.transformReason)
      default: break
      }
    }
    return rows
  }

  /// Where translation and scale sit in ``geometryNames`` and ``properties(_:_:_:_:anchor:)``.
  static var translation: Range<Int> { 0..<2 }
  static var scale: Range<Int> { 2..<4 }

  /// How a geometric track moves, or nil when it does not (its ends equal, no retarget
  /// motion).
  private static func move(_ t: NativeTrack, _ g: Geometry, isFrame: Bool)
    -> AndroidGeometryDecision.Move?
  {
    let arc = isFrame && t.track.arcControl != nil
    switch t.track.motion {
    case .none:
      let (a, b) = t.track.change.ends
      return a != b ? .init(kind: .plain, arc: arc) : nil
    case .spring(let motion):
      if isFrame { return .init(kind: .spring, arc: arc) }
      guard let parts = motion.parts,
        let kind = TransformClass.of(
          parts: parts.from.values, parts.to.values, velocity: motion.velocity),
        (kind == .translation) == (g == .translation)
      else { return .init(kind: .springOutsideClass) }
      return .init(kind: .spring)
    case .additive:
      return .init(kind: .additive, arc: arc)
    }
  }

  /// Translation and scale rows between a track's ends, the other geometric track held: on
  /// the plan's timing from the track's start, or a retarget spring's from 0 with each row's
  /// absolute velocity. `names` are the rows from index `first` on; appended to `rows`.
  private mutating func exactRows(
    _ t: NativeTrack, _ layer: Layer, _ g: Geometry, _ base: Base, isFrame: Bool,
    names: [String], first: Int = 0, into rows: inout [Row]
  ) {
    let anchor = layer.anchor
    let (a, b) = t.track.change.ends
    let va: [Double]
    let vb: [Double]
    if isFrame {
      va = Self.properties(a.rectValue, layer.transform, g, base, anchor: anchor)
      vb = Self.properties(b.rectValue, layer.transform, g, base, anchor: anchor)
    } else {
      va = Self.properties(layer.frame, a.transformValue, g, base, anchor: anchor)
      vb = Self.properties(layer.frame, b.transformValue, g, base, anchor: anchor)
    }
    guard case .spring(let motion) = t.track.motion else {
      for (i, name) in names.enumerated() {
        let k = first + i
        if let row = analyticRow(name, va[k], vb[k], timing: t.timing, delay: t.start) {
          rows.append(row)
        }
      }
      return
    }
    let u =
      isFrame
      ? Self.frameVelocity(motion.velocity, layer.transform, g, base, anchor: anchor)
      : Self.transformVelocity(motion.velocity, layer.frame, g, base, anchor: anchor)
    for (i, name) in names.enumerated() {
      let k = first + i
      if let row = analyticRow(
        name, va[k], vb[k], timing: t.timing, delay: 0, duration: t.end,
        absoluteVelocity: u[k])
      {
        rows.append(row)
      }
    }
  }

  /// Translation and scale velocities of a frame spring's velocity `v` (x, y, width, height),
  /// the transform `m` held.
  private static func frameVelocity(
    _ v: [Double], _ m: Transform3D, _ g: Geometry, _ base: Base, anchor: Point
  ) -> [Double] {
    let (x, y) = (v[RectPartIndex.x], v[RectPartIndex.y])
    let (w, h) = (v[RectPartIndex.width], v[RectPartIndex.height])
    return g == .translation
      ? [x, y, w / base.width, h / base.height]
      : [
        x + anchor.x * (1 - m.m11) * w, y + anchor.y * (1 - m.m22) * h,
        w * m.m11 / base.width, h * m.m22 / base.height,
      ]
  }

  /// Translation and scale velocities of a transform spring's parts velocity `v`, the frame
  /// `r` held.
  private static func transformVelocity(
    _ v: [Double], _ r: Rect, _ g: Geometry, _ base: Base, anchor: Point
  ) -> [Double] {
    if g == .translation {
      return [v[TransformPartIndex.translationX], v[TransformPartIndex.translationY], 0, 0]
    }
    let (sx, sy) = (v[TransformPartIndex.scaleX], v[TransformPartIndex.scaleY])
    return [
      -anchor.x * r.width * sx, -anchor.y * r.height * sy, r.width * sx / base.width,
      r.height * sy / base.height,
    ]
  }

  /// How `properties` reads a translation group's two numbers off the frame, the transform
  /// `m` held (nil for a matrix layer, whose group has no such pair).
  private static func reading(_ g: Geometry, _ base: Base, _ m: Transform3D, _ anchor: Point)
    -> NativeRectPoint.Reading?
  {
    let origin = Point(x: base.x, y: base.y)
    switch g {
    case .translation: return .translation(base: origin, held: Point(x: m.m41, y: m.m42))
    case .scale: return .scale(anchor: anchor, held: Point(x: m.m11, y: m.m22), base: origin)
    case .matrix: return nil
    }
  }

  /// The layer's geometry rows sampled as one group over the tracks that move them.
  mutating func sampledGeometry(
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
      rectPoint: translationOnly && transform == nil
        ? frame.flatMap { f in
          Self.reading(g, base, heldTransform, anchor).flatMap { NativeRectPoint(f, $0) }
        }
        : nil,
      measure: translationOnly ? nil : { a, b, _ in Self.cornerDeviation(a, b, g, base) },
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

}
