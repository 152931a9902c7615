import JSON
import TransitionEngine

/// The `waapi` document: per layer, the keyframes and options `element.animate(keyframes,
/// options)` takes as they are. Each keyframe places an absolutely positioned element at the
/// layer's untransformed frame and applies the layer's transform about its anchor
/// (`transformOrigin` in percent of the element's own box, so it stays exact while the size
/// animates); the element's box then covers the plan's projected corners.
public enum WaapiExporter {
  public static func export(_ plan: Plan) -> [UInt8] {
    write(plan.timeline, interaction: nil)
  }

  /// Adds `interaction`: the decision, the release figures and the release time (ms).
  public static func export(_ plan: InteractionPlan) -> [UInt8] {
    write(plan.timeline, interaction: plan)
  }

  static func write(_ timeline: Timeline, interaction: InteractionPlan?) -> [UInt8] {
    let frames = timeline.times.count * timeline.layers.count
    var w = JSONWriter(capacity: 512 + frames * 160)
    let durationMs = timeline.duration * 1000
    w.raw("{\"format\":\"waapi\",\"style\":")
    w.string(timeline.style)
    w.raw(",\"operation\":")
    w.string(timeline.operation.rawValue)
    w.raw(",\"container\":")
    w.size(timeline.container)
    w.raw(",\"duration\":")
    w.number(durationMs)
    w.raw(",\"layers\":[")
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
      for (k, sample) in offsets.enumerated() {
        if k > 0 { w.byte(UInt8(ascii: ",")) }
        writeKeyframe(
          offset: sample.offset, timeline.keyframes[l][sample.index], origin: origin, &w)
      }
      w.raw("],\"options\":{\"duration\":")
      w.number(durationMs)
      w.raw(",\"easing\":\"linear\",\"fill\":\"both\"}}")
    }
    w.byte(UInt8(ascii: "]"))
    if let note = ExportOmissions.sentence(timeline) {
      w.raw(",\"leavesOut\":[")
      for (i, name) in timeline.leftOut.enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        w.string(name)
      }
      w.raw("],\"note\":")
      w.string(note)
    }
    if let interaction {
      w.raw(",\"interaction\":{\"decision\":")
      w.string(interaction.decision.rawValue)
      w.raw(",\"reason\":")
      InteractionEncoder.writeReason(interaction.reason, &w)
      w.raw(",\"releaseTime\":")
      if let release = interaction.releaseTime {
        w.number(release * 1000)
      } else {
        w.raw("null")
      }
      w.byte(UInt8(ascii: "}"))
    }
    w.byte(UInt8(ascii: "}"))
    return w.bytes
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
    w.raw("{\"offset\":")
    w.number(offset)
    w.raw(",\"left\":")
    pixels(state.frame.x, &w)
    w.raw(",\"top\":")
    pixels(state.frame.y, &w)
    w.raw(",\"width\":")
    pixels(state.frame.width, &w)
    w.raw(",\"height\":")
    pixels(state.frame.height, &w)
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
    w.byte(UInt8(ascii: "}"))
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
