import JSON
import TransitionEngine

/// `GET /v1/styles`: every style with its operations, inputs, layers and default timing.
enum StylesDocument {
  static func json() -> [UInt8] {
    var w = JSONWriter(capacity: 4096)
    w.raw("{\"engineVersion\":\"")
    w.raw(PlanEncoder.engineVersion)
    w.raw("\",\"styles\":[")
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
        // The layers of an example scene: ids and content are what any scene gets (a slice of
        // zero height is left out, which this scene avoids).
        let scene = Scene(
          container: Size(width: 390, height: 844),
          source: Rect(x: 16, y: 220, width: 170, height: 170),
          destination: Rect(x: 0, y: 91, width: 390, height: 390))
        let choreography = style.choreography(for: scene, operation: op)
        w.raw("{\"name\":")
        w.string(op.rawValue)
        w.raw(",\"timing\":")
        if let timing = try? Timing.resolve(TimingSpec(), defaults: style.defaultTiming(for: op)) {
          w.timing(timing)
        } else {
          w.raw("null")
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
}
