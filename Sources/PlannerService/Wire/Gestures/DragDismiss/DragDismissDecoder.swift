import JSON
import TransitionEngine

/// `gesture` of kind `dragDismiss` (docs/GESTURES.md 2, 7): `element`, `anchor`, `distance`,
/// `parameters` in 5.7's order, the samples (a pan's), then `release` and `completion` as for
/// a pan.
extension InteractionRequestDecoder {
  func decodeDragDismiss<Node: JSONNode>(
    _ root: Node, transition: PlanRequest?, style: String?, at pointer: JSONPointer,
    reader: inout FieldReader
  ) -> DragDismissRequest? {
    let errorsBefore = reader.errors.count
    let value = root["gesture"]
    let element = decodeElement(
      value, transition: transition, style: style, at: pointer,
      reader: &reader)
    var anchor: Point?
    let anchorPointer = pointer + "anchor"
    if let object = reader.object(
      value?["anchor"], at: anchorPointer, required: false, what: "{\"x\", \"y\"}")
    {
      let m = limits.maximumCoordinate
      let x = reader.number(object, "x", at: anchorPointer, required: true, .closed(-m, m))
      let y = reader.number(object, "y", at: anchorPointer, required: true, .closed(-m, m))
      if let x, let y { anchor = Point(x: x, y: y) }
    }
    let distance = reader.number(
      value, "distance", at: pointer, required: false, .closed(1, limits.maximumCoordinate))
    var parameters = DragDismissParameters()
    let wire = GestureParameterWire(limits: limits)
    if let object = wire.object(value, at: pointer, reader: &reader) {
      for parameter in DragDismissParameter.allCases {
        if case .number(let v)? = wire.value(
          parameter.rawValue, .number(parameter.range), in: object,
          at: pointer + "parameters", reader: &reader)
        {
          parameters.set(parameter, v)
        }
      }
    }
    let samples = decodeSamples(value?["samples"], at: pointer + "samples", reader: &reader)
    let release = decodeRelease(root["release"], at: .root + "release", reader: &reader)
    let completion = decodeCompletion(root["completion"], at: .root + "completion", reader: &reader)
    guard let transition, let samples, let release, let completion,
      reader.errors.count == errorsBefore
    else { return nil }
    return DragDismissRequest(
      transition: transition,
      gesture: DragDismissGesture(
        element: element, anchor: anchor, distance: distance, parameters: parameters,
        samples: samples),
      release: release, completionSpeed: completion.speed, completionCurve: completion.curve)
  }

  /// One of the style's shared elements, as its naming asks (a fixed list, or a scene's id,
  /// required). A style that shares none is refused at `/gesture/kind`, a bad style at its own
  /// pointer: their element is not read.
  private func decodeElement<Node: JSONNode>(
    _ gesture: Node?, transition: PlanRequest?, style: String?, at pointer: JSONPointer,
    reader: inout FieldReader
  ) -> String? {
    guard let naming = style.flatMap(StyleRegistry.style(named:))?.sharedElementNaming else {
      return nil
    }
    switch naming {
    case .fixed(let ids):
      return reader.string(gesture, "element", at: pointer, required: false, oneOf: ids)
    case .fromScene(let missing, _):
      let errorsBefore = reader.errors.count
      let id = reader.string(gesture, "element", at: pointer, required: false)
      guard reader.errors.count == errorsBefore else { return nil }
      guard let id else {
        reader.fail(pointer + "element", missing)
        return nil
      }
      // Whether the scene shares it needs the screens: checked once the transition is readable.
      if let transition, let issue = DragDismissPlanner.elementIssue(id, transition: transition) {
        reader.fail(JSONPointer(segments: issue.field), issue.message)
      }
      return id
    }
  }
}
