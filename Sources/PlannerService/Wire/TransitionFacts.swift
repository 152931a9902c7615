import JSON
import TransitionEngine

/// What a gesture kind's refusals need of the transition (docs/GESTURES.md 7, step 3), read
/// from its JSON so that they are checked even when other fields of it are bad; a value that
/// is itself bad (already reported at its pointer) is nil: a rule that needs it is not checked.
struct TransitionFacts {
  var style: String?
  var operation: TransitionOperation?
  var reversal = false
  var reduceMotion = false

  init<Node: JSONNode>(_ transition: Node?, reader: FieldReader) {
    guard let transition, transition.isObject else { return }
    let base = JSONPointer.root + "transition"
    let reported = Set(reader.errors.map(\.pointer))
    func readable(_ name: String) -> String? {
      guard let text = transition[name]?.stringValue,
        !reported.contains((base + name).description)
      else {
        return nil
      }
      return text
    }
    style = readable("style")
    operation = readable("operation").flatMap(TransitionOperation.init(rawValue:))
    if let value = transition["reversal"], !value.isNull,
      !reported.contains((base + "reversal").description)
    {
      reversal = true
    }
    reduceMotion = transition["reduceMotion"]?.boolValue == true
  }
}
