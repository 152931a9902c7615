import JSON
import TransitionEngine

/// `gesture` of kind `pan` (docs/API.md "POST /v1/interactions"): `direction`, `distance`,
/// `samples`.
extension InteractionRequestDecoder {
  func decodePan<Node: JSONNode>(_ value: Node?, at pointer: JSONPointer, reader: inout FieldReader)
    -> PanGesture?
  {
    guard
      let object = reader.object(
        value, at: pointer, required: true, what: "{\"direction\", \"distance\", \"samples\"}")
    else { return nil }
    let errorsBefore = reader.errors.count
    let directionName = reader.string(
      object, "direction", at: pointer, required: false,
      oneOf: GestureDirection.allCases.map(\.rawValue))
    let distance = reader.number(
      object, "distance", at: pointer, required: false, .closed(1, limits.maximumCoordinate))
    let samples = decodeSamples(object["samples"], at: pointer + "samples", reader: &reader)
    guard let samples, reader.errors.count == errorsBefore else { return nil }
    return PanGesture(
      direction: directionName.flatMap(GestureDirection.init(rawValue:)) ?? .either,
      distance: distance, samples: samples)
  }
}
