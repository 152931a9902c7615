import JSON
import TransitionEngine

/// The `lottie` document: a Lottie (bodymovin) animation with one shape layer per plan layer,
/// each a filled rectangle of the layer's frame size, keyframed at every plan sample with
/// linear easing between samples.
///
/// Lottie has no 3D transform (`ddd` 3D layers have no perspective matrix), so the layer's
/// transform is drawn in 2D: the rectangle is scaled and placed to cover the bounding box of
/// the plan's projected corners. That is exact for the identity and for scale-and-translate
/// transforms (zoom, expand) and an approximation for cartSheet's tilt; `meta.d` says so.
public enum LottieExporter {
  /// What of a plan's shared-element properties the animation carries: corner radii, as the
  /// rectangles' animated roundness, and content frames, as a rectangle of their own under an
  /// alpha matte of the layer's (``writeContentLayers``). Shadows are left out: Lottie's drop
  /// shadow is a layer effect that players, rlottie among them, do not draw.
  static let carried: Set<String> = ["cornerRadius", "contentFrame"]

  /// The bodymovin version the document follows, and the Lottie 1.0 spec version (`MMmmpp`).
  static let bodymovinVersion: StaticString = "5.7.0"
  static let specVersion = 10000

  public static func export(_ timeline: Timeline) -> [UInt8] {
    let frames = timeline.times.count * timeline.layers.count
    var w = JSONWriter(capacity: 2048 + frames * 300)
    let rate = Double(timeline.frameRate)
    let sampleFrames = timeline.times.map { frame($0 * rate) }
    let end = outPoint(lastSample: sampleFrames.last ?? frame(timeline.duration * rate))
    w.raw("{\"v\":\"")
    w.raw(bodymovinVersion)
    w.raw("\",\"ver\":")
    w.integer(Int64(specVersion))
    w.raw(",\"nm\":")
    w.string("transition-planner " + timeline.style + " " + timeline.operation.rawValue)
    w.raw(",\"fr\":")
    w.number(rate)
    w.raw(",\"ip\":0,\"op\":")
    w.number(end)
    // Lottie sizes are integers: a fractional container rounds up (the layers keep their
    // exact coordinates).
    w.raw(",\"w\":")
    w.number(timeline.container.width.rounded(.up))
    w.raw(",\"h\":")
    w.number(timeline.container.height.rounded(.up))
    w.raw(",\"ddd\":0,\"assets\":[],\"meta\":{\"g\":\"transition-planner ")
    w.raw(PlanEncoder.engineVersion)
    w.raw("\",\"d\":")
    w.string(
      description(timeline)
        + (ExportOmissions.sentence(timeline, carried: carried).map { " " + $0 } ?? ""))
    w.raw(",\"k\":[\"transition-planner\",")
    w.string(timeline.style)
    w.raw(",")
    w.string(timeline.operation.rawValue)
    w.raw(",\"2D approximation of 3D transforms\"]},\"layers\":[")
    // Lottie draws the first layer on top: the plan's bottom-to-top order reversed. A layer with
    // a content frame has two more above it: the matte (a copy of its rectangle) and the
    // content, both parented to it.
    var index = 0
    for (n, l) in timeline.layers.indices.reversed().enumerated() {
      if n > 0 { w.byte(UInt8(ascii: ",")) }
      let details = l < timeline.details.count ? timeline.details[l] : []
      if timeline.layers[l].hasContentFrame, details.count == timeline.times.count {
        writeContentLayers(
          timeline, l, firstIndex: index + 1, parent: index + 3, frames: sampleFrames, end: end,
          &w)
        w.byte(UInt8(ascii: ","))
        index += 2
      }
      index += 1
      writeLayer(timeline, l, index: index, frames: sampleFrames, end: end, &w)
    }
    w.raw("]}")
    return w.bytes
  }

  static func description(_ timeline: Timeline) -> String {
    "transition-planner \(timeline.style) \(timeline.operation.rawValue): one filled rectangle per layer, "
      + "keyframed at every plan sample (\(timeline.frameRate) fps; off-grid samples at fractional "
      + "frames) with linear easing between them. Lottie has no 3D transform: each layer's "
      + "transform is drawn as the 2D scale and position that cover the bounding box of its "
      + "projected corners, exact for scale and translation and an approximation of 3D tilt "
      + "and perspective."
  }

  /// The out point (`op`, of the document and of every layer): the first whole frame at least
  /// one frame past the last sample. Players take `op` as exclusive and hold the frame before
  /// it: lottie-web stops on floor(op) - 1, ThorVG draws any frame from op on as op - 1. That
  /// frame is then at or past the last sample, where every property holds its last key, so a
  /// player that holds its last frame shows the plan's end. It must be whole (op = 56.5 after a
  /// last sample at 55.5 would stop lottie-web on frame 55) and is the least that serves them
  /// all. A zero-length timeline gets 1: a player needs op > ip.
  static func outPoint(lastSample: Double) -> Double {
    max(lastSample, 0).rounded(.up) + 1
  }

  /// A frame number: `time * frameRate`, snapped to the integer it misses by rounding only.
  static func frame(_ value: Double) -> Double {
    let nearest = value.rounded()
    return abs(value - nearest) < 1e-9 ? nearest : value
  }

  /// The transform values of one keyframe in Lottie's terms.
  struct Pose: Equatable {
    var anchor: [Double]
    var position: [Double]
    var scale: [Double]
    var opacity: Double
    var size: [Double]
  }

  /// Lottie places layer point q at `(q - a) * s / 100 + p`. With the rectangle at
  /// (0, 0, w, h) in layer space and `a` the anchor, choosing `s` and `p` so that the corners
  /// land on the bounding box of the projected corners draws the layer's 2D footprint.
  static func pose(_ geometry: LayerGeometry, alpha: Double) -> Pose {
    let frame = geometry.frame
    let anchor = [geometry.anchor.x * frame.width, geometry.anchor.y * frame.height]
    let size = [frame.width, frame.height]
    if geometry.transform.isIdentity {
      // Exactly the plan's numbers: no projection round-off.
      let position = geometry.position
      return Pose(
        anchor: anchor, position: [position.x, position.y], scale: [100, 100],
        opacity: alpha * 100, size: size)
    }
    let corners = geometry.projectedCorners
    let minX = corners.map(\.x).min()!
    let maxX = corners.map(\.x).max()!
    let minY = corners.map(\.y).min()!
    let maxY = corners.map(\.y).max()!
    let (bw, bh) = (maxX - minX, maxY - minY)
    return Pose(
      anchor: anchor,
      position: [minX + geometry.anchor.x * bw, minY + geometry.anchor.y * bh],
      scale: [
        frame.width > 0 ? 100 * bw / frame.width : 100,
        frame.height > 0 ? 100 * bh / frame.height : 100,
      ],
      opacity: alpha * 100, size: size)
  }

  static func writeLayer(
    _ timeline: Timeline, _ l: Int, index: Int, frames: [Double], end: Double,
    _ w: inout JSONWriter
  ) {
    let layer = timeline.layers[l]
    let poses = timeline.times.indices.map {
      pose(timeline.geometry(layer: l, sample: $0), alpha: timeline.keyframes[l][$0].alpha)
    }
    w.raw("{\"ddd\":0,\"ind\":")
    w.integer(Int64(index))
    w.raw(",\"ty\":4,\"nm\":")
    w.string(layer.id)
    w.raw(",\"sr\":1,\"st\":0,\"ip\":0,\"op\":")
    w.number(end)
    w.raw(",\"ao\":0,\"bm\":0,\"ks\":{\"a\":")
    writeProperty(poses.map(\.anchor), frames, &w)
    w.raw(",\"p\":")
    writeProperty(poses.map(\.position), frames, &w)
    w.raw(",\"s\":")
    writeProperty(poses.map(\.scale), frames, &w)
    w.raw(",\"r\":{\"a\":0,\"k\":0},\"o\":")
    writeScalar(poses.map(\.opacity), frames, &w)
    w.raw("},\"shapes\":[{\"ty\":\"gr\",\"nm\":")
    w.string(layer.id)
    w.raw(",\"it\":[{\"ty\":\"rc\",\"nm\":\"frame\",\"p\":")
    writeProperty(poses.map { [$0.size[0] / 2, $0.size[1] / 2] }, frames, &w)
    w.raw(",\"s\":")
    writeProperty(poses.map(\.size), frames, &w)
    // The corner radius in the rectangle's own units, before the layer's scale, as CALayer's.
    let details = l < timeline.details.count ? timeline.details[l] : []
    if layer.reportsCornerRadius, details.count == timeline.times.count {
      w.raw(",\"r\":")
      writeScalar(roundness(details), frames, &w)
      w.raw("},{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":{\"a\":0,\"k\":[")
    } else {
      w.raw(",\"r\":{\"a\":0,\"k\":0}},{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":{\"a\":0,\"k\":[")
    }
    for (i, c) in ContentPalette.components(ContentPalette.hex(layer.content)).enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.number(c)
    }
    w.raw(
      ",1]},\"o\":{\"a\":0,\"k\":100},\"r\":1},{\"ty\":\"tr\",\"nm\":\"transform\",\"a\":{\"a\":0,\"k\":[0,0]},\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}]}]}"
    )
  }

  /// The rectangle roundness of each sample: the corner radius, in the rectangle's own units.
  /// A spring leaves radii of a millionth where the plan means square corners, and rlottie
  /// (1.3.8) draws nothing for a large rectangle with a radius from 1e-6 to 6e-6: those are 0.
  static func roundness(_ details: [LayerDetail]) -> [Double] {
    details.map { $0.cornerRadius < 1e-3 ? 0 : $0.cornerRadius }
  }

  /// The matte and the content of layer `l` (Lottie's way to clip: a track matte). Both are
  /// parented to the layer, so they share its transform; opacity is not inherited, so the
  /// content repeats the layer's.
  static func writeContentLayers(
    _ timeline: Timeline, _ l: Int, firstIndex: Int, parent: Int, frames: [Double], end: Double,
    _ w: inout JSONWriter
  ) {
    let layer = timeline.layers[l]
    let details = timeline.details[l]
    let sizes = timeline.keyframes[l].map { [$0.frame.width, $0.frame.height] }
    let opacities = timeline.keyframes[l].map { $0.alpha * 100 }
    func header(_ index: Int, _ name: String, _ matte: StaticString) {
      w.raw("{\"ddd\":0,\"ind\":")
      w.integer(Int64(index))
      w.raw(",\"ty\":4,\"nm\":")
      w.string(name)
      w.raw(matte)
      w.raw(",\"parent\":")
      w.integer(Int64(parent))
      w.raw(",\"sr\":1,\"st\":0,\"ip\":0,\"op\":")
      w.number(end)
      w.raw(
        ",\"ao\":0,\"bm\":0,\"ks\":{\"a\":{\"a\":0,\"k\":[0,0]},\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":"
      )
    }
    func rectangle(
      _ name: String, center: [[Double]], size: [[Double]], radius: [Double],
      color: [Double], opacity: Double
    ) {
      w.raw("},\"shapes\":[{\"ty\":\"gr\",\"nm\":")
      w.string(name)
      w.raw(",\"it\":[{\"ty\":\"rc\",\"nm\":\"frame\",\"p\":")
      writeProperty(center, frames, &w)
      w.raw(",\"s\":")
      writeProperty(size, frames, &w)
      w.raw(",\"r\":")
      writeScalar(radius, frames, &w)
      w.raw("},{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":{\"a\":0,\"k\":[")
      for (i, c) in color.enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        w.number(c)
      }
      w.raw(",1]},\"o\":{\"a\":0,\"k\":")
      w.number(opacity)
      w.raw(
        "},\"r\":1},{\"ty\":\"tr\",\"nm\":\"transform\",\"a\":{\"a\":0,\"k\":[0,0]},\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}]}]}"
      )
    }
    // The matte: the layer's own rounded rectangle, opaque.
    header(firstIndex, layer.id + " matte", ",\"td\":1")
    w.raw("{\"a\":0,\"k\":100}")
    rectangle(
      layer.id + " matte", center: sizes.map { [$0[0] / 2, $0[1] / 2] }, size: sizes,
      radius: roundness(details), color: [1, 1, 1],
      opacity: 100)
    w.byte(UInt8(ascii: ","))
    // The content's rectangle in the layer's coordinates, shaded over the layer's fill.
    header(firstIndex + 1, layer.id + " content", ",\"tt\":1")
    writeScalar(opacities, frames, &w)
    rectangle(
      layer.id + " content",
      center: details.map {
        [
          $0.contentFrame.x + $0.contentFrame.width / 2,
          $0.contentFrame.y + $0.contentFrame.height / 2,
        ]
      },
      size: details.map { [$0.contentFrame.width, $0.contentFrame.height] },
      radius: details.map { _ in 0 }, color: [0, 0, 0], opacity: 25)
  }

  /// A vector property: static when every sample holds the same value, else one keyframe per
  /// sample with linear easing (out tangent 0,0, in tangent 1,1) to the next.
  static func writeProperty(_ values: [[Double]], _ frames: [Double], _ w: inout JSONWriter) {
    func vector(_ v: [Double]) {
      w.byte(UInt8(ascii: "["))
      for (i, x) in v.enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        w.number(x)
      }
      w.byte(UInt8(ascii: "]"))
    }
    if values.allSatisfy({ $0 == values[0] }) {
      w.raw("{\"a\":0,\"k\":")
      vector(values[0])
      w.byte(UInt8(ascii: "}"))
      return
    }
    w.raw("{\"a\":1,\"k\":[")
    for (i, v) in values.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{\"t\":")
      w.number(frames[i])
      w.raw(",\"s\":")
      vector(v)
      if i < values.count - 1 {
        w.raw(",\"o\":{\"x\":0,\"y\":0},\"i\":{\"x\":1,\"y\":1}")
      }
      w.byte(UInt8(ascii: "}"))
    }
    w.raw("]}")
  }

  /// A scalar property: a number when static; keyframes hold one-element vectors.
  static func writeScalar(_ values: [Double], _ frames: [Double], _ w: inout JSONWriter) {
    if values.allSatisfy({ $0 == values[0] }) {
      w.raw("{\"a\":0,\"k\":")
      w.number(values[0])
      w.byte(UInt8(ascii: "}"))
      return
    }
    writeProperty(values.map { [$0] }, frames, &w)
  }
}
