import JSON
import TransitionEngine

/// The `waapi` document with `keyframes=compact` (docs/API.md, "Compact keyframes"): per layer
/// its unchanging values once (`style`), and one animation per track with two keyframes and
/// the browser's own easing and delay, so the browser draws the plan's curves at every frame,
/// not only at samples.
///
/// - Beziers are `cubic-bezier(...)` and exact.
/// - Springs are `linear(...)` through enough points that no property of the track is off by
///   more than ``pixelTolerance`` (opacity by ``opacityTolerance``) between them.
/// - An arc moves left and top along other functions of progress than width and height: they
///   get keyframes of their own, placed the same way, within the pixel tolerance (half of it
///   with a spring, whose size easing takes the other half, so that a right or bottom edge
///   stays within it too).
/// - Transforms are `matrix3d` at both ends; browsers interpolate decomposed matrices as the
///   engine does (docs/TIMING.md, "Transforms").
enum CompactWaapiExporter {
  static let pixelTolerance = 0.1
  static let opacityTolerance = 0.001

  /// The document, or nil once it grows past `maximumBytes` (it stops there: a request for a
  /// long, barely damped spring on hundreds of elements would otherwise build hundreds of MB
  /// before the size limit could refuse it).
  static func export(_ plan: Plan) -> [UInt8] {
    // Without a bound the document is always written whole.
    export(plan, maximumBytes: .max) ?? []
  }

  static func export(_ plan: Plan, maximumBytes: Int) -> [UInt8]? {
    let timeline = plan.timeline
    var budget = PiecewiseLinearFit.documentBudget
    var w = JSONWriter(capacity: 2048 + plan.choreography.layers.count * 640)
    WaapiExporter.writeHead(timeline, compact: true, &w)
    for (l, layer) in plan.choreography.layers.enumerated() {
      if l > 0 { w.byte(UInt8(ascii: ",")) }
      writeLayer(
        layer, info: timeline.layers[l], timing: plan.timing, frameRate: plan.frameRate,
        budget: &budget, &w)
      if w.byteCount > maximumBytes { return nil }
    }
    w.byte(UInt8(ascii: "]"))
    WaapiExporter.writeActions(timeline.actions, request: plan.request, &w)
    w.byte(UInt8(ascii: "}"))
    return w.bytes
  }

  /// The last track of each property, in the order they first appear (a later track of a
  /// property replaces an earlier one, as the evaluator applies them).
  static func effectiveTracks(_ layer: Layer) -> [Track] {
    var out: [Track] = []
    for track in layer.tracks {
      if let i = out.firstIndex(where: { $0.property == track.property }) {
        out[i] = track
      } else {
        out.append(track)
      }
    }
    return out
  }

  static func writeLayer(
    _ layer: Layer, info: Timeline.LayerInfo, timing: Timing, frameRate: Int, budget: inout Int,
    _ w: inout JSONWriter
  ) {
    let tracks = effectiveTracks(layer)
    func animates(_ property: String) -> Bool { tracks.contains { $0.property == property } }
    w.raw("{\"id\":")
    w.string(layer.id)
    w.raw(",\"content\":")
    w.content(layer.content)
    // What no track changes, once.
    w.raw(",\"style\":{\"transformOrigin\":\"")
    w.number(layer.anchor.x * 100)
    w.raw("% ")
    w.number(layer.anchor.y * 100)
    w.raw("%\"")
    if !animates("frame") { WaapiExporter.box(layer.frame, &w) }
    if !animates("alpha") {
      w.raw(",\"opacity\":")
      w.number(layer.alpha)
    }
    if !animates("transform") {
      w.raw(",\"transform\":")
      transform(layer.transform, &w)
    }
    if info.reportsCornerRadius, !animates("cornerRadius") {
      w.raw(",\"borderRadius\":")
      WaapiExporter.pixels(layer.cornerRadius, &w)
    }
    if let shadow = layer.shadow, !animates("shadowOpacity") {
      w.raw(",\"boxShadow\":\"")
      WaapiExporter.boxShadow(shadow, opacity: layer.shadowOpacity, &w)
      w.byte(UInt8(ascii: "\""))
    }
    w.byte(UInt8(ascii: "}"))
    if let content = layer.contentFrame, !animates("contentFrame") {
      // `box` writes each member after a comma: the first one's is dropped.
      var inner = JSONWriter(capacity: 96)
      WaapiExporter.box(content, &inner)
      w.raw(",\"contentStyle\":{")
      w.append(contentsOf: Array(inner.bytes.dropFirst()))
      w.byte(UInt8(ascii: "}"))
    }
    w.raw(",\"animations\":[")
    var first = true
    for track in tracks {
      let own = track.retraces ? track.timing : nil
      for animation in animations(
        track, layer: layer, timing: own ?? timing, frameRate: frameRate, budget: &budget)
      {
        if !first { w.byte(UInt8(ascii: ",")) }
        first = false
        animation.write(&w, budget: &budget, frameRate: frameRate)
      }
    }
    w.raw("]}")
  }

  /// One track's animations: one, or two for an arc (its left and top, and its size).
  static func animations(
    _ track: Track, layer: Layer, timing: Timing, frameRate: Int, budget: inout Int
  ) -> [Animation] {
    let base = Animation(
      target: "layer", property: track.property, delay: track.delay, timing: timing)
    if track.retraces, track.motion != nil {
      return [retargetFrames(track, layer: layer, timing: timing, frameRate: frameRate)]
    }
    switch track.change {
    case .frame(let from, let to):
      guard let control = track.arcControl else {
        return [
          base.with(ends: frameEnds(from, to), tolerance: pixelTolerance / edgeReach(from, to))
        ]
      }
      let half = pixelTolerance / 2
      let pathTolerance: Double
      if case .bezier = timing.curve {
        pathTolerance = pixelTolerance
      } else {
        pathTolerance = half
      }
      let reach = max(abs(to.width - from.width), abs(to.height - from.height))
      var size = base.with(
        ends: [
          [("width", .pixels(from.width)), ("height", .pixels(from.height))],
          [("width", .pixels(to.width)), ("height", .pixels(to.height))],
        ], tolerance: half / reach)
      size.part = "size"
      var path = base
      path.part = "path"
      let arc = (from.center, control, to.center)
      let progress = CSSEasing.uncut(timing)
      let position = { (t: Double) -> (Double, Double) in
        let r = ChoreographyEvaluator.rect(from, to, arc, progress(t))
        return (r.x, r.y)
      }
      var points =
        PiecewiseLinearFit.fit(
          duration: timing.duration, tolerance: pathTolerance, budget: &budget, position)
        ?? PiecewiseLinearFit.sampled(
          duration: timing.duration, frameRate: frameRate, position)
      // A spring cut short steps to the end in the last millionth (see CSSEasing.writeLinear).
      if let last = points.last, points.count > 1,
        CSSEasing.needsStep(from: last.value.0, to: to.x, tolerance: pathTolerance)
          || CSSEasing.needsStep(from: last.value.1, to: to.y, tolerance: pathTolerance)
      {
        path.stepsAtEnd = true
        points.append(.init(t: timing.duration, value: (to.x, to.y)))
      } else if !points.isEmpty {
        points[points.count - 1].value = (to.x, to.y)
      }
      path.path = points
      return [path, size]
    case .alpha(let from, let to):
      return [
        base.with(
          ends: [[("opacity", .number(from))], [("opacity", .number(to))]],
          tolerance: opacityTolerance / abs(to - from))
      ]
    case .transform(let from, let to):
      if let ends = track.decomposedEnds, !browserDecomposes(layer, from, to, as: ends) {
        // The browser would decompose the two matrices into other parts than the plan's path
        // (a reversal's ends, recomposed): the plan's transform at each frame instead.
        var frames = base
        let duration = timing.duration
        frames.frames = PiecewiseLinearFit.frameTimes(duration: duration, frameRate: frameRate)
          .map { t in
            let p = timing.progress(at: t)
            let value =
              p == 0
              ? from
              : p == 1 ? to : DecomposedTransform.interpolate(ends.from, ends.to, p).recomposed
            return (t == duration ? 1 : t / duration, [("transform", .transform(value))])
          }
        return [frames]
      }
      return [
        base.with(
          ends: [[("transform", .transform(from))], [("transform", .transform(to))]],
          tolerance: pixelTolerance / transformReach(layer, from, to, track.decomposedEnds))
      ]
    case .cornerRadius(let from, let to):
      return [
        base.with(
          ends: [[("borderRadius", .pixels(from))], [("borderRadius", .pixels(to))]],
          tolerance: pixelTolerance / abs(to - from))
      ]
    case .contentFrame(let from, let to):
      var content = base.with(
        ends: frameEnds(from, to), tolerance: pixelTolerance / edgeReach(from, to))
      content.target = "content"
      return [content]
    case .shadowOpacity(let from, let to):
      let shadow = layer.shadow ?? LayerShadow()
      return [
        base.with(
          ends: [
            [("boxShadow", .shadow(shadow, opacity: from))],
            [("boxShadow", .shadow(shadow, opacity: to))],
          ], tolerance: opacityTolerance / abs(to - from))
      ]
    }
  }

  /// A retarget's spring or additive track: a keyframe per frame of the plan over the track's
  /// span, exact at each (docs/API.md "Retargeting"), eased linearly between them. The
  /// animation lasts the track's end, not the timing's duration.
  static func retargetFrames(_ track: Track, layer: Layer, timing: Timing, frameRate: Int)
    -> Animation
  {
    let kinematics = TrackKinematics(track, planTiming: timing)
    let end = kinematics.end
    var animation = Animation(
      target: track.change.layerProperty == .contentFrame ? "content" : "layer",
      property: track.property, delay: 0,
      timing: Timing(duration: end, curve: .bezier(name: "linear", .linear)))
    animation.frames = PiecewiseLinearFit.frameTimes(duration: end, frameRate: frameRate).map {
      t in
      let members: [(String, Animation.Value)]
      switch kinematics.value(at: t) {
      case .rect(let r):
        members = [
          ("left", .pixels(r.x)), ("top", .pixels(r.y)), ("width", .pixels(max(r.width, 0))),
          ("height", .pixels(max(r.height, 0))),
        ]
      case .number(let v):
        switch track.change.layerProperty {
        case .alpha: members = [("opacity", .number(min(max(v, 0), 1)))]
        case .cornerRadius: members = [("borderRadius", .pixels(max(v, 0)))]
        default:
          members = [
            ("boxShadow", .shadow(layer.shadow ?? LayerShadow(), opacity: min(max(v, 0), 1)))
          ]
        }
      case .transform(let m): members = [("transform", .transform(m))]
      }
      return (t == end ? 1 : t / end, members)
    }
    return animation
  }

  /// How far an edge of a rect moving linearly from `from` to `to` goes per unit of progress.
  static func edgeReach(_ from: Rect, _ to: Rect) -> Double {
    max(
      abs(to.x - from.x), abs(to.y - from.y), abs(to.x + to.width - from.x - from.width),
      abs(to.y + to.height - from.y - from.height))
  }

  static func frameEnds(_ from: Rect, _ to: Rect) -> [[(String, Animation.Value)]] {
    [from, to].map { r in
      [
        ("left", .pixels(r.x)), ("top", .pixels(r.y)), ("width", .pixels(r.width)),
        ("height", .pixels(r.height)),
      ]
    }
  }

  /// How far (in px) the layer's corners move per unit of progress at most, estimated over
  /// sixteen steps of the decomposed interpolation: the spring's tolerance divides by it.
  static func transformReach(
    _ layer: Layer, _ from: Transform3D, _ to: Transform3D, _ ends: DecomposedEnds?
  ) -> Double {
    let pair =
      ends.map { ($0.from, $0.to) }
      ?? DecomposedTransform(from).flatMap { a in DecomposedTransform(to).map { (a, $0) } }
    func corners(_ p: Double) -> [TransitionEngine.Point] {
      let t: Transform3D =
        pair.map { DecomposedTransform.interpolate($0.0, $0.1, p).recomposed }
        ?? (p < 0.5 ? from : to)
      return LayerGeometry(frame: layer.frame, anchor: layer.anchor, transform: t)
        .projectedCorners
    }
    var reach = 0.0
    var previous = corners(0)
    for step in 1...16 {
      let next = corners(Double(step) / 16)
      for (a, b) in zip(previous, next) {
        let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() * 16
        if d.isFinite { reach = max(reach, d) }
      }
      previous = next
    }
    return reach
  }

  /// Whether decomposing `from` and `to` again (as a browser does) gives the path of the plan's
  /// decomposed `ends`: the layer's corners within a hundredth of a pixel at three points.
  static func browserDecomposes(
    _ layer: Layer, _ from: Transform3D, _ to: Transform3D, as ends: DecomposedEnds
  ) -> Bool {
    guard let a = DecomposedTransform(from), let b = DecomposedTransform(to) else { return false }
    for p in [0.25, 0.5, 0.75] {
      let mine = DecomposedTransform.interpolate(ends.from, ends.to, p).recomposed
      let theirs = DecomposedTransform.interpolate(a, b, p).recomposed
      let x = LayerGeometry(frame: layer.frame, anchor: layer.anchor, transform: mine)
        .projectedCorners
      let y = LayerGeometry(frame: layer.frame, anchor: layer.anchor, transform: theirs)
        .projectedCorners
      for (c, d) in zip(x, y) where !(abs(c.x - d.x) <= 0.01 && abs(c.y - d.y) <= 0.01) {
        return false
      }
    }
    return true
  }

  /// A transform as CSS: `none` for the identity, else `matrix3d(...)`.
  static func transform(_ t: Transform3D, _ w: inout JSONWriter) {
    if t.isIdentity {
      w.raw("\"none\"")
    } else {
      w.byte(UInt8(ascii: "\""))
      WaapiExporter.matrix3d(t, &w)
      w.byte(UInt8(ascii: "\""))
    }
  }
}
