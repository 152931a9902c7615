import JSON
import TransitionEngine

/// `GET /v1/styles`: every style with its operations, inputs, layers and default timing.
enum StylesDocument {
  static func json() -> [UInt8] {
    var w = JSONWriter(capacity: 4096)
    w.raw("{\"engineVersion\":\"")
    w.raw(PlanEncoder.engineVersion)
    // What every style takes besides its own inputs, in the shape of a style's fields.
    w.raw("\",\"common\":")
    StyleInputWire(limits: PlannerLimits()).describe(commonFields, &w)
    w.raw(",\"styles\":[")
    for (i, style) in StyleRegistry.all.enumerated() {
      if i > 0 { w.raw(",") }
      w.raw("{\"name\":")
      w.string(style.name)
      w.raw(",\"summary\":")
      w.string(style.summary)
      w.raw(",\"inputs\":[\"container\"")
      for input in style.inputs {
        w.raw(",")
        w.string(input.name)
      }
      w.raw("],\"fields\":")
      StyleInputWire(limits: PlannerLimits()).describe(style.inputs, &w)
      w.raw(",\"operations\":[")
      for (j, op) in style.operations.enumerated() {
        if j > 0 { w.raw(",") }
        // The layers of the style's example scene: for the seeds' styles the ids and content
        // are what any scene gets (a slice of zero height is left out, which the scene avoids);
        // hero's depend on the elements, and its example shows a pair, an exit and an entry.
        let scene = style.exampleScene
        let choreography = style.choreography(for: scene, operation: op)
        w.raw("{\"name\":")
        w.string(op.rawValue)
        w.raw(",\"timing\":")
        if let rule = style.defaultTimingRule {
          // The default depends on the scene: the rule, and what the example scene gets.
          w.raw("{\"rule\":")
          w.string(rule)
          w.raw(",\"example\":")
          writeTiming(style, scene, op, &w)
          w.raw("}")
        } else {
          writeTiming(style, scene, op, &w)
        }
        w.raw(",\"layers\":[")
        for (k, layer) in choreography.layers.enumerated() {
          if k > 0 { w.raw(",") }
          w.raw("{\"id\":")
          w.string(layer.id)
          w.raw(",\"content\":")
          w.content(layer.content)
          w.raw(",\"tracks\":[")
          for (t, track) in layer.tracks.enumerated() {
            if t > 0 { w.raw(",") }
            w.string(track.property)
          }
          w.raw("]}")
        }
        w.raw("]}")
      }
      w.raw("]}")
    }
    w.raw("]}")
    return w.bytes
  }

  private static func writeTiming(
    _ style: any TransitionStyle, _ scene: Scene, _ op: TransitionOperation, _ w: inout JSONWriter
  ) {
    if let timing = try? Timing.resolve(
      TimingSpec(), defaults: style.defaultTiming(for: scene, operation: op))
    {
      w.timing(timing)
    } else {
      w.raw("null")
    }
  }

  /// `reduceMotion`, `reversal` and `retarget` (docs/API.md "Accessibility and interruption",
  /// "Retargeting").
  static let commonFields: [StyleInput] = [
    StyleInput(
      "reduceMotion", .boolean(defaultValue: false),
      summary:
        "true: a dissolve instead of the style's motion (the two screens, the upper one fading, easeInOut 0.25 s, no actions)"
    ),
    StyleInput(
      "reversal",
      .option([
        StyleInput(
          "at", .number(.leftOpen(0, Timing.maximumDuration), defaultValue: nil), required: true,
          summary: "the forward plan's time to go back from, (0, its duration]"),
        StyleInput(
          "timing", .object([]),
          summary:
            "the way back's timing, shaped as the request's; default: the same curve, beziers shortened to the progress made, springs started with the velocity at that time"
        ),
      ]),
      summary:
        "plan the transition going back from its state at a time of the forward plan, along the same paths"
    ),
    StyleInput(
      "retarget",
      .option([
        StyleInput(
          "at", .number(.leftOpen(0, Timing.maximumDuration), defaultValue: nil), required: true,
          summary: "the in-flight plan's time at which its destination moved, (0, its duration]"),
        StyleInput(
          "from", .object([]), required: true,
          summary:
            "the plan request in flight, exactly as it was sent (same style and operation; it may carry its own reversal or retarget, at most 4 retargets deep)"
        ),
        StyleInput(
          "policy", .choice(RetargetPolicy.allCases.map(\.rawValue), defaultValue: nil),
          summary:
            "how running tracks continue: spring (a spring of the new timing started with their velocity; needs a spring timing) or additive (they keep running under an offset to the new end); default: spring under a spring timing, else additive"
        ),
      ]),
      summary:
        "plan from where a plan in flight is at a time, keeping every layer's velocity, to this request's end"
    ),
  ]
}
