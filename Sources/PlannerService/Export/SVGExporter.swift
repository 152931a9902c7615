import TransitionEngine

/// The `svg` document: a filmstrip of the container at several moments side by side (by
/// default t = 0, 1/4, 1/2, 3/4 and 1 of the duration, each the nearest plan sample), every
/// layer drawn bottom to top as a labelled shape at its keyframe state: a `<rect>` of its frame
/// when its transform is the identity, else a `<polygon>` of its projected corners. Fill
/// colour by content kind, the layer's alpha as `fill-opacity`.
///
/// A layer with a corner radius, a content frame or a shadow is drawn as a group in its own
/// coordinates under the 2D matrix of its transform (exact for every transform without
/// perspective, since the layer's points have z = 0): a rounded `<rect>` (`rx`), its content
/// as a second rect clipped to it, and the shadow as an `feDropShadow` whose standard
/// deviation is CALayer's shadowRadius (CSS's blur radius is twice both). A layer under
/// perspective keeps the polygon, without those; the document's `<desc>` says so.
public enum SVGExporter {
  /// What of a plan's shared-element properties the filmstrip carries.
  static let carried: Set<String> = ["cornerRadius", "contentFrame", "shadow"]

  static let margin = 16.0
  static let gap = 24.0
  static let labelHeight = 28.0

  public static func export(_ timeline: Timeline, moments: Int = ExportOptions.defaultMoments)
    -> [UInt8]
  {
    let count = max(moments, 2)
    let (cw, ch) = (timeline.container.width, timeline.container.height)
    let width = 2 * margin + Double(count) * cw + Double(count - 1) * gap
    let height = 2 * margin + labelHeight + ch
    var w = TextWriter(capacity: 2048 + count * timeline.layers.count * 400)
    w.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    w.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
    w.number(width)
    w.raw("\" height=\"")
    w.number(height)
    w.raw("\" viewBox=\"0 0 ")
    w.number(width)
    w.raw(" ")
    w.number(height)
    w.raw("\" font-family=\"sans-serif\" font-size=\"12\">\n<title>")
    w.xml("transition-planner \(timeline.style) \(timeline.operation.rawValue)")
    w.raw(": ")
    w.number(Double(count))
    w.raw(" moments of ")
    w.number(timeline.duration * 1000)
    w.raw(" ms</title>\n")
    if let note = perspectiveNote(timeline) {
      w.raw("<desc>")
      w.xml(note)
      w.raw("</desc>\n")
    }
    // One clip for every panel: each panel's group is translated, and the clip is in the
    // user space of the element that uses it.
    w.raw("<defs><clipPath id=\"tp-container\"><rect x=\"0\" y=\"0\" width=\"")
    w.number(cw)
    w.raw("\" height=\"")
    w.number(ch)
    w.raw("\"/></clipPath></defs>\n")
    for (m, sample) in momentSamples(timeline, count: count).enumerated() {
      let t = timeline.times[sample]
      w.raw("<g class=\"tp-moment\" data-t=\"")
      w.number(t)
      w.raw("\" data-sample=\"")
      w.number(Double(sample))
      w.raw("\" transform=\"translate(")
      w.number(margin + Double(m) * (cw + gap))
      w.raw(",")
      w.number(margin + labelHeight)
      w.raw(")\">\n<text class=\"tp-time\" x=\"0\" y=\"-10\" font-size=\"14\">t = ")
      // Tenths of a millisecond are plenty for a caption; data-t has the exact time.
      w.number((t * 10_000).rounded() / 10)
      w.raw(" ms</text>\n<rect class=\"tp-container\" x=\"0\" y=\"0\" width=\"")
      w.number(cw)
      w.raw("\" height=\"")
      w.number(ch)
      w.raw("\" fill=\"#FFFFFF\" stroke=\"#1C1C1E\"/>\n<g clip-path=\"url(#tp-container)\">\n")
      // Shapes bottom to top, then the labels over all of them, so none is hidden, laid out
      // so that none covers another.
      let centers = timeline.layers.indices.map {
        writeShape(timeline, $0, sample, moment: m, &w)
      }
      let placed = layOutLabels(
        timeline.layers.map(\.id), at: centers, within: timeline.container)
      for (l, center) in placed.enumerated() {
        w.raw("<text class=\"tp-label\" x=\"")
        w.number(center.x)
        w.raw("\" y=\"")
        w.number(center.y)
        w.raw("\" text-anchor=\"middle\" dominant-baseline=\"middle\">")
        w.xml(timeline.layers[l].id)
        w.raw("</text>\n")
      }
      w.raw("</g>\n</g>\n")
    }
    w.raw("</svg>\n")
    return w.bytes
  }

  /// A label's box: the 12-point font's line and an average glyph width (sans-serif digits
  /// and lower case letters are narrower than this, so the estimate errs on the wide side).
  static let labelLineHeight = 16.0
  static let labelCharacterWidth = 7.0

  /// Each label at its layer's centre unless that box meets an earlier label's: then one line
  /// further down (or up, at the container's bottom), until it is clear. Boxes stay inside the
  /// container where they fit. Deterministic, so the document stays a pure function of the plan.
  static func layOutLabels(_ texts: [String], at centers: [Point], within container: Size)
    -> [Point]
  {
    var placed: [(center: Point, halfWidth: Double)] = []
    let half = labelLineHeight / 2
    for (text, wanted) in zip(texts, centers) {
      let halfWidth = Double(text.count) * labelCharacterWidth / 2
      func clamped(_ v: Double, _ low: Double, _ high: Double) -> Double {
        low <= high ? min(max(v, low), high) : (low + high) / 2
      }
      let x = clamped(wanted.x, halfWidth, container.width - halfWidth)
      let start = clamped(wanted.y, half, container.height - half)
      func overlaps(_ y: Double) -> Bool {
        placed.contains {
          abs($0.center.y - y) < labelLineHeight && abs($0.center.x - x) < $0.halfWidth + halfWidth
        }
      }
      // Candidates one line apart, nearest first (down before up), inside the container. Each
      // placed label blocks at most two of them, so 2n + 1 candidates always hold a free one
      // when the container is tall enough.
      var y = start
      var k = 0
      var tried = 0
      while tried <= 2 * placed.count + 1 && k < 4 * placed.count + 4 {
        let offset = Double((k + 1) / 2) * labelLineHeight * (k % 2 == 1 ? 1 : -1)
        k += 1
        let candidate = start + offset
        guard candidate >= half, candidate <= container.height - half else { continue }
        tried += 1
        if !overlaps(candidate) {
          y = candidate
          break
        }
      }
      placed.append((Point(x: x, y: y), halfWidth))
    }
    return placed.map(\.center)
  }

  /// The sample nearest to each of `count` evenly spaced times from 0 to the duration (the
  /// earlier sample on a tie).
  static func momentSamples(_ timeline: Timeline, count: Int) -> [Int] {
    let times = timeline.times
    return (0..<count).map { m in
      let target = timeline.duration * Double(m) / Double(count - 1)
      var best = 0
      for i in times.indices where abs(times[i] - target) < abs(times[best] - target) {
        best = i
      }
      return best
    }
  }

  /// Writes layer `l`'s shape and returns where its label goes: the centre of the part of its
  /// bounding box inside the container (the nearest point of the container when none is).
  static func writeShape(
    _ timeline: Timeline, _ l: Int, _ sample: Int, moment: Int, _ w: inout TextWriter
  ) -> Point {
    let layer = timeline.layers[l]
    let state = timeline.keyframes[l][sample]
    let geometry = timeline.geometry(layer: l, sample: sample)
    let corners = geometry.projectedCorners
    let details = l < timeline.details.count ? timeline.details[l] : []
    if layer.hasDetail, details.count == timeline.times.count,
      let matrix = affineMatrix(geometry)
    {
      writeDetailed(
        layer, state, details[sample], matrix: matrix, id: "tp-\(moment)-\(l)", &w)
      return labelCenter(corners, timeline.container)
    }
    if state.transform.isIdentity {
      w.raw("<rect class=\"tp-layer\" data-layer=\"")
      w.xml(layer.id)
      w.raw("\" x=\"")
      w.number(state.frame.x)
      w.raw("\" y=\"")
      w.number(state.frame.y)
      w.raw("\" width=\"")
      w.number(state.frame.width)
      w.raw("\" height=\"")
      w.number(state.frame.height)
    } else {
      w.raw("<polygon class=\"tp-layer\" data-layer=\"")
      w.xml(layer.id)
      w.raw("\" points=\"")
      for (i, c) in corners.enumerated() {
        if i > 0 { w.raw(" ") }
        w.number(c.x)
        w.raw(",")
        w.number(c.y)
      }
    }
    w.raw("\" fill=\"")
    w.text(ContentPalette.hex(layer.content))
    w.raw("\" fill-opacity=\"")
    w.number(state.alpha)
    w.raw("\" stroke=\"#1C1C1E\" stroke-opacity=\"0.6\"><title>")
    w.xml(layer.id)
    w.raw("</title></")
    w.raw(state.transform.isIdentity ? "rect" : "polygon")
    w.raw(">\n")
    return labelCenter(corners, timeline.container)
  }

  /// `(a, b, c, d, e, f)` of SVG's `matrix()` taking the layer's untransformed points to the
  /// screen: `x' = a x + c y + e`, `y' = b x + d y + f`. With z = 0 the transform's third row
  /// plays no part, so this is exact unless the layer is under perspective (m14 or m24 set),
  /// which returns nil.
  static func affineMatrix(_ g: LayerGeometry) -> [Double]? {
    let t = g.transform
    guard t.m14 == 0, t.m24 == 0, t.m44 != 0 else { return nil }
    let (a, b, c, d) = (t.m11 / t.m44, t.m12 / t.m44, t.m21 / t.m44, t.m22 / t.m44)
    let p = g.position
    return [
      a, b, c, d, p.x + t.m41 / t.m44 - a * p.x - c * p.y, p.y + t.m42 / t.m44 - b * p.x - d * p.y,
    ]
  }

  /// A layer with details: a group under its matrix and alpha, the rounded rect with its
  /// shadow, and the content rect clipped to it (dashed, so the fit shows).
  static func writeDetailed(
    _ layer: Timeline.LayerInfo, _ state: LayerState, _ detail: LayerDetail, matrix: [Double],
    id: String, _ w: inout TextWriter
  ) {
    let f = state.frame
    // A radius larger than half a side is drawn as SVG clamps rx, as CALayer does.
    let r = detail.cornerRadius
    func roundedRect(_ attributes: StaticString) {
      w.raw("<rect")
      if attributes.utf8CodeUnitCount > 0 { w.raw(" ") }
      w.raw(attributes)
      w.raw(" x=\"")
      w.number(f.x)
      w.raw("\" y=\"")
      w.number(f.y)
      w.raw("\" width=\"")
      w.number(f.width)
      w.raw("\" height=\"")
      w.number(f.height)
      w.raw("\" rx=\"")
      w.number(r)
      w.raw("\" ry=\"")
      w.number(r)
    }
    w.raw("<g class=\"tp-layer\" data-layer=\"")
    w.xml(layer.id)
    w.raw("\" transform=\"matrix(")
    for (i, v) in matrix.enumerated() {
      if i > 0 { w.raw(" ") }
      w.number(v)
    }
    w.raw(")\" opacity=\"")
    w.number(state.alpha)
    w.raw("\"><title>")
    w.xml(layer.id)
    w.raw("</title>\n<defs>")
    if let shadow = layer.shadow {
      w.raw("<filter id=\"")
      w.text(id)
      w.raw("-shadow\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feDropShadow dx=\"")
      w.number(shadow.offset.x)
      w.raw("\" dy=\"")
      w.number(shadow.offset.y)
      w.raw("\" stdDeviation=\"")
      w.number(shadow.radius)
      w.raw("\" flood-color=\"")
      w.xml(shadow.color)
      w.raw("\" flood-opacity=\"")
      w.number(detail.shadowOpacity)
      w.raw("\"/></filter>")
    }
    if layer.hasContentFrame {
      w.raw("<clipPath id=\"")
      w.text(id)
      w.raw("-clip\">")
      roundedRect("")
      w.raw("\"/></clipPath>")
    }
    w.raw("</defs>\n")
    roundedRect("class=\"tp-frame\"")
    w.raw("\" fill=\"")
    w.text(ContentPalette.hex(layer.content))
    w.raw("\" stroke=\"#1C1C1E\" stroke-opacity=\"0.6\"")
    if layer.shadow != nil {
      w.raw(" filter=\"url(#")
      w.text(id)
      w.raw("-shadow)\"")
    }
    w.raw("/>\n")
    if layer.hasContentFrame {
      let c = detail.contentFrame
      w.raw("<rect class=\"tp-content\" x=\"")
      w.number(f.x + c.x)
      w.raw("\" y=\"")
      w.number(f.y + c.y)
      w.raw("\" width=\"")
      w.number(c.width)
      w.raw("\" height=\"")
      w.number(c.height)
      w.raw(
        "\" fill=\"#000000\" fill-opacity=\"0.12\" stroke=\"#1C1C1E\" stroke-dasharray=\"4 3\" clip-path=\"url(#"
      )
      w.text(id)
      w.raw("-clip)\"/>\n")
    }
    w.raw("</g>\n")
  }

  /// What a layer under perspective loses: its details (the polygon has no rounded corners,
  /// content or shadow); nil when no such layer has any.
  static func perspectiveNote(_ timeline: Timeline) -> String? {
    for (l, layer) in timeline.layers.enumerated() where layer.hasDetail {
      for s in timeline.times.indices
      where affineMatrix(timeline.geometry(layer: l, sample: s)) == nil {
        return "Layers under perspective are drawn as the polygons of their projected corners, "
          + "without their corner radii, content frames and shadows. The JSON plan (format=json) has them."
      }
    }
    return nil
  }

  /// The centre of the part of the corners' bounding box inside the container.
  static func labelCenter(_ corners: [Point], _ container: Size) -> Point {
    let (cw, ch) = (container.width, container.height)
    let left = min(max(corners.map(\.x).min()!, 0), cw)
    let right = min(max(corners.map(\.x).max()!, 0), cw)
    let top = min(max(corners.map(\.y).min()!, 0), ch)
    let bottom = min(max(corners.map(\.y).max()!, 0), ch)
    return Point(x: (left + right) / 2, y: (top + bottom) / 2)
  }
}
