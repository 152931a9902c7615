import TransitionEngine

/// The same plan shape as `PlanEncoder` writes, as Codable types, so that Foundation's
/// JSONEncoder can be measured against the purpose-built writer on equal work.
struct CodablePlan: Encodable {
  struct CodableRect: Encodable {
    var x, y, width, height: Double
    init(_ r: Rect) { (x, y, width, height) = (r.x, r.y, r.width, r.height) }
  }
  struct CodableKeyframe: Encodable {
    var t: Double
    var frame: CodableRect
    var alpha: Double
    var transform: [Double]?
  }
  struct CodableLayer: Encodable {
    var id: String
    var anchor: [String: Double]
    var frame: CodableRect
    var alpha: Double
    var keyframes: [CodableKeyframe]
  }
  var engineVersion = "1.0.0"
  var style: String
  var operation: String
  var duration: Double
  var frameRate: Int
  var layers: [CodableLayer]

  init(_ plan: Plan) {
    style = plan.style
    operation = plan.operation.rawValue
    duration = plan.duration
    frameRate = plan.frameRate
    layers = plan.choreography.layers.enumerated().map { index, layer in
      CodableLayer(
        id: layer.id, anchor: ["x": layer.anchor.x, "y": layer.anchor.y],
        frame: CodableRect(layer.frame),
        alpha: layer.alpha,
        keyframes: zip(plan.times, plan.keyframes[index]).map { t, s in
          CodableKeyframe(
            t: t, frame: CodableRect(s.frame), alpha: s.alpha,
            transform: s.transform.isIdentity ? nil : s.transform.values)
        })
    }
  }
}
