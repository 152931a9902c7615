import JSON
import TransitionEngine

/// The `waapi` document: per layer, the keyframes and options `element.animate(keyframes,
/// options)` takes as they are. Each keyframe places an absolutely positioned element at the
/// layer's untransformed frame and applies the layer's transform about its anchor
/// (`transformOrigin` in percent of the element's own box, so it stays exact while the size
/// animates); the element's box then covers the plan's projected corners.
public enum WaapiExporter {
  /// What of a plan's shared-element properties the document carries: all of them.
  static let carried: Set<String> = ["cornerRadius", "contentFrame", "shadow"]

  public static func export(_ plan: Plan) -> [UInt8] {
    write(plan.timeline, interaction: nil, request: plan.request)
  }

  /// Adds `interaction`: the decision, the release figures and the release time (ms); the
  /// gesture's kind first where it is not a pan.
  public static func export(_ plan: any GesturePlan) -> [UInt8] {
    write(plan.timeline, interaction: plan, request: nil)
  }

  static func write(_ timeline: Timeline, interaction: (any GesturePlan)?, request: PlanRequest?)
    -> [UInt8]
  {
    let frames = timeline.times.count * timeline.layers.count
    var w = JSONWriter(capacity: 512 + frames * 160)
    let durationMs = timeline.duration * 1000
    writeHead(timeline, compact: false, &w)
    let offsets = Self.offsets(timeline)
    for (l, layer) in timeline.layers.enumerated() {
      if l > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{\"id\":")
      w.string(layer.id)
      w.raw(",\"content\":")
      w.content(layer.content)
      // The origin depends only on the anchor: format it once per layer.
      var origin = JSONWriter(capacity: 48)
      origin.number(layer.anchor.x * 100)
      origin.raw("% ")
      origin.number(layer.anchor.y * 100)
      origin.raw("%")
      w.raw(",\"keyframes\":[")
      let details = l < timeline.details.count ? timeline.details[l] : []
      let detailed = layer.hasDetail && details.count == timeline.times.count
      for (k, sample) in offsets.enumerated() {
        if k > 0 { w.byte(UInt8(ascii: ",")) }
        if detailed {
          writeKeyframe(
            offset: sample.offset, timeline.keyframes[l][sample.index], details[sample.index],
            layer, origin: origin, &w)
        } else {
          writeKeyframe(
            offset: sample.offset, timeline.keyframes[l][sample.index], origin: origin, &w)
        }
      }
      w.byte(UInt8(ascii: "]"))
      if detailed, layer.hasContentFrame {
        // The content child: its box in the layer's own coordinates, the layer clipping it.
        w.raw(",\"contentBox\":[")
        for (k, sample) in offsets.enumerated() {
          if k > 0 { w.byte(UInt8(ascii: ",")) }
          w.raw("{\"offset\":")
          w.number(sample.offset)
          box(details[sample.index].contentFrame, &w)
          w.byte(UInt8(ascii: "}"))
        }
        w.byte(UInt8(ascii: "]"))
      }
      w.raw(",\"options\":{\"duration\":")
      w.number(durationMs)
      w.raw(",\"easing\":\"linear\",\"fill\":\"both\"}}")
    }
    w.byte(UInt8(ascii: "]"))
    writeActions(timeline.actions, request: request, &w)
    if let note = ExportOmissions.sentence(timeline, carried: carried) {
      w.raw(",\"leavesOut\":[")
      for (i, name) in ExportOmissions.missing(timeline, carried: carried).enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        w.string(name)
      }
      w.raw("],\"note\":")
      w.string(note)
    }
    if let interaction {
      w.byte(UInt8(ascii: ","))
      GestureRegistry.writeInteraction(interaction, &w)
    }
    w.byte(UInt8(ascii: "}"))
    return w.bytes
  }

  /// `{"format":"waapi",` (`"keyframes":"compact",`) the style, operation, container and
  /// duration (ms), up to the opening of `layers`: both spellings of the document start so.
  static func writeHead(_ timeline: Timeline, compact: Bool, _ w: inout JSONWriter) {
    w.raw(
      compact
        ? "{\"format\":\"waapi\",\"keyframes\":\"compact\",\"style\":"
        : "{\"format\":\"waapi\",\"style\":")
    w.string(timeline.style)
    w.raw(",\"operation\":")
    w.string(timeline.operation.rawValue)
    w.raw(",\"container\":")
    w.size(timeline.container)
    w.raw(",\"duration\":")
    w.number(timeline.duration * 1000)
    w.raw(",\"layers\":[")
  }

  /// What a page applies around the animations, in the plan's shape, and the request it can
  /// send again (with "reversal") to go back from where it is: after `layers` in both spellings.
  static func writeActions(_ actions: Actions, request: PlanRequest?, _ w: inout JSONWriter) {
    w.raw(",\"actions\":")
    PlanEncoder.writeActions(actions, &w)
    if let request {
      w.raw(",\"request\":")
      w.append(contentsOf: CanonicalRequest.json(request))
    }
  }

  /// (offset, sample index) per keyframe: `t / duration`, the first exactly 0 and the last
  /// exactly 1 (Web Animations requires offsets in [0, 1], non-decreasing). A zero duration
  /// gives two equal keyframes of the last state at 0 and 1.
  static func offsets(_ timeline: Timeline) -> [(offset: Double, index: Int)] {
    let times = timeline.times
    let last = times.count - 1
    guard timeline.duration > 0, last > 0 else { return [(0, last), (1, last)] }
    return times.indices.map { i in
      if i == 0 { return (0, 0) }
      if i == last { return (1, last) }
      return (min(max(times[i] / timeline.duration, 0), 1), i)
    }
  }

  static func writeKeyframe(
    offset: Double, _ state: LayerState, origin: borrowing JSONWriter, _ w: inout JSONWriter
  ) {
    writeKeyframeMembers(offset: offset, state, origin: origin, &w)
    w.byte(UInt8(ascii: "}"))
  }

  /// A keyframe without its closing brace.
  static func writeKeyframeMembers(
    offset: Double, _ state: LayerState, origin: borrowing JSONWriter, _ w: inout JSONWriter
  ) {
    w.raw("{\"offset\":")
    w.number(offset)
    box(state.frame, &w)
    w.raw(",\"opacity\":")
    w.number(state.alpha)
    w.raw(",\"transformOrigin\":\"")
    w.append(origin)
    w.raw("\",\"transform\":")
    if state.transform.isIdentity {
      w.raw("\"none\"")
    } else {
      w.byte(UInt8(ascii: "\""))
      matrix3d(state.transform, &w)
      w.byte(UInt8(ascii: "\""))
    }
  }

  /// A keyframe with the layer's details: `borderRadius`, and `boxShadow` for a layer with a
  /// shadow (CALayer's shadowRadius is a Gaussian's; CSS's blur radius is twice it, the usual
  /// conversion between the two).
  static func writeKeyframe(
    offset: Double, _ state: LayerState, _ detail: LayerDetail, _ layer: Timeline.LayerInfo,
    origin: borrowing JSONWriter, _ w: inout JSONWriter
  ) {
    writeKeyframeMembers(offset: offset, state, origin: origin, &w)
    if layer.reportsCornerRadius {
      w.raw(",\"borderRadius\":")
      pixels(detail.cornerRadius, &w)
    }
    if let shadow = layer.shadow {
      w.raw(",\"boxShadow\":\"")
      boxShadow(shadow, opacity: detail.shadowOpacity, &w)
      w.byte(UInt8(ascii: "\""))
    }
    w.byte(UInt8(ascii: "}"))
  }

  /// `Xpx Ypx Bpx rgba(r, g, b, a)`.
  static func boxShadow(_ shadow: LayerShadow, opacity: Double, _ w: inout JSONWriter) {
    w.number(shadow.offset.x)
    w.raw("px ")
    w.number(shadow.offset.y)
    w.raw("px ")
    w.number(shadow.radius * 2)
    w.raw("px rgba(")
    let (r, g, b) = ContentPalette.rgb(shadow.color)
    w.integer(Int64(r))
    w.raw(", ")
    w.integer(Int64(g))
    w.raw(", ")
    w.integer(Int64(b))
    w.raw(", ")
    w.number(opacity)
    w.byte(UInt8(ascii: ")"))
  }

  /// `,"left":"..px","top":..,"width":..,"height":..`: a box in its parent's coordinates.
  static func box(_ r: Rect, _ w: inout JSONWriter) {
    w.raw(",\"left\":")
    pixels(r.x, &w)
    w.raw(",\"top\":")
    pixels(r.y, &w)
    w.raw(",\"width\":")
    pixels(r.width, &w)
    w.raw(",\"height\":")
    pixels(r.height, &w)
  }

  /// `"<number>px"` in the plan's number format.
  static func pixels(_ value: Double, _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "\""))
    w.number(value)
    w.raw("px\"")
  }

  /// `matrix3d(m11, m12, ..., m44)`: CATransform3D's field order is CSS's column-major order.
  static func matrix3d(_ t: Transform3D, _ w: inout JSONWriter) {
    w.raw("matrix3d(")
    for (i, v) in t.values.enumerated() {
      if i > 0 { w.raw(", ") }
      w.number(v)
    }
    w.byte(UInt8(ascii: ")"))
  }
}
