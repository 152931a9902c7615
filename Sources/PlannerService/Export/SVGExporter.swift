import TransitionEngine

/// The `svg` document: a filmstrip of the container at several moments side by side (by
/// default t = 0, 1/4, 1/2, 3/4 and 1 of the duration, each the nearest plan sample), every
/// layer drawn bottom to top as a labelled shape at its keyframe state: a `<rect>` of its frame
/// when its transform is the identity, else a `<polygon>` of its projected corners. Fill
/// colour by content kind, the layer's alpha as `fill-opacity`.
public enum SVGExporter {
  /// What of a plan's shared-element properties the filmstrip carries (none yet).
  static let carried: Set<String> = []

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
    if let note = ExportOmissions.sentence(timeline, carried: carried) {
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
      let centers = timeline.layers.indices.map { writeShape(timeline, $0, sample, &w) }
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
  static func writeShape(_ timeline: Timeline, _ l: Int, _ sample: Int, _ w: inout TextWriter)
    -> Point
  {
    let layer = timeline.layers[l]
    let state = timeline.keyframes[l][sample]
    let geometry = timeline.geometry(layer: l, sample: sample)
    let corners = geometry.projectedCorners
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
    let (cw, ch) = (timeline.container.width, timeline.container.height)
    let left = min(max(corners.map(\.x).min()!, 0), cw)
    let right = min(max(corners.map(\.x).max()!, 0), cw)
    let top = min(max(corners.map(\.y).min()!, 0), ch)
    let bottom = min(max(corners.map(\.y).max()!, 0), ch)
    return Point(x: (left + right) / 2, y: (top + bottom) / 2)
  }
}
