import JSON
import TransitionEngine

/// A gesture kind as `POST /v1/interactions` reads and writes it: the engine's kind (its
/// planner) with its decoder and encoder, in `Wire/Gestures/<Kind>/`. ``GestureRegistry``
/// lists the kinds.
protocol GestureWireKind: GestureKind {
  /// Reads the kind's members of the body (its `gesture`, and `release` and `completion`
  /// where it has them) and what it refuses of `transition`, reporting every invalid field;
  /// nil when any is or the transition was unreadable.
  static func decode<Node: JSONNode>(
    _ root: Node, transition: PlanRequest?, using decoder: InteractionRequestDecoder,
    reader: inout FieldReader
  ) -> Request?

  /// The JSON answer (docs/GESTURES.md 6).
  static func encode(_ plan: Plan) -> [UInt8]

  /// The `reason` of the `waapi` document's `interaction`.
  static func writeReason(_ plan: Plan, _ w: inout JSONWriter)

  /// The answer in a native format (`coreanimation` or `android`).
  static func native(_ plan: Plan, _ format: ExportFormat) -> [UInt8]

  /// Whether answers carry `kind` (the pan's, the first kind's, do not).
  static var answersName: Bool { get }
}

extension GestureWireKind {
  static var answersName: Bool { true }

  /// A kind that keyframes its own layers is drawn from its timeline (docs/NATIVE.md
  /// "Gesture answers").
  static func native(_ plan: Plan, _ format: ExportFormat) -> [UInt8] {
    let gesture = NativeTimelineExporter.Gesture(
      kind: name, decision: plan.decision, actions: plan.actions)
    return format.nativePlatform?.document(plan.timeline, gesture) ?? []
  }

  /// Reports what the kind refuses of the transition, from the values of it that were
  /// readable.
  static func refuse<Node: JSONNode>(_ transition: Node?, reader: inout FieldReader)
    -> TransitionFacts
  {
    let facts = TransitionFacts(transition, reader: reader)
    for issue in refusals(
      style: facts.style, operation: facts.operation, reversal: facts.reversal,
      reduceMotion: facts.reduceMotion)
    {
      reader.fail(JSONPointer(segments: issue.field), issue.message)
    }
    return facts
  }

  /// `plan` as this kind's, or nil.
  static func own(_ plan: any GesturePlan) -> Plan? { plan as? Plan }

  /// The JSON answer of `plan`, or nil when it is another kind's.
  static func encode(any plan: any GesturePlan) -> [UInt8]? { own(plan).map(encode) }

  /// `plan` in a native format, or nil when it is another kind's.
  static func native(any plan: any GesturePlan, _ format: ExportFormat) -> [UInt8]? {
    own(plan).map { native($0, format) }
  }

  /// The `waapi` document's `interaction` member after its leading comma, or false when
  /// `plan` is another kind's.
  static func writeInteraction(any plan: any GesturePlan, _ w: inout JSONWriter) -> Bool {
    guard let plan = own(plan) else { return false }
    w.raw("\"interaction\":{")
    if answersName {
      w.raw("\"kind\":")
      w.string(name)
      w.byte(UInt8(ascii: ","))
    }
    w.raw("\"decision\":")
    w.string(plan.decision.rawValue)
    w.raw(",\"reason\":")
    writeReason(plan, &w)
    w.raw(",\"releaseTime\":")
    if let release = plan.releaseTime {
      w.number(release * 1000)
    } else {
      w.raw("null")
    }
    w.byte(UInt8(ascii: "}"))
    return true
  }
}
