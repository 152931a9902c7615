import Foundation
import JSON
import JSONReference
import TransitionEngine
import XCTest

@testable import PlannerService

/// The interaction decoder (`POST /v1/interactions`: the transition and each gesture kind's
/// members read off a tape) against the decoder it replaced (a `JSONValue` tree, kept in
/// Oracle/OracleInteractionDecoder.swift): the same request, or the same problem (status, byte
/// offset, every field error's pointer and message, in order), for every interaction example,
/// every example's transition under each gesture kind, and thousands of mutations of them.
extension DecoderOracleTests {
  /// Every interaction example; every other example's transition under the pan, the back in
  /// each pattern and the drag to dismiss (reduceMotion absent, true, false), as
  /// scripts/bench/compare-outputs.sh builds them; the ways a drag names its element; every
  /// fuzz-corpus body.
  static func interactionSeeds() throws -> [(String, [UInt8])] {
    var seeds: [(String, [UInt8])] = []
    let examples = root.appendingPathComponent("examples")
    func example(_ name: String) throws -> JSONValue {
      try ReferenceJSONParser.parse(Array(Data(contentsOf: examples.appendingPathComponent(name))))
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
    for name in names where name.hasPrefix("interaction-") {
      seeds.append((name, Array(try Data(contentsOf: examples.appendingPathComponent(name)))))
    }
    let pan = try example("interaction-fast-flick.json")
    let back = try example("interaction-back-shared-element.json")
    let drag = try example("interaction-drag-dismiss.json")
    let heroDrag = try example("interaction-drag-dismiss-hero.json")
    func gestured(
      _ name: String, _ base: JSONValue, _ transition: JSONValue, _ gesture: [JSONMember]
    ) {
      var body = replacing(base, "transition", with: transition)
      var g = body["gesture"] ?? .object([])
      for member in gesture { g = replacing(g, member.key, with: member.value) }
      body = replacing(body, "gesture", with: g)
      seeds.append((name, Array(Writer.text(body).utf8)))
    }
    for name in names where !name.hasPrefix("interaction-") {
      guard case .object(var members) = try example(name) else { continue }
      members.removeAll { $0.key == "retarget" || $0.key == "reversal" }
      // back and dragDismiss drive the way back: a push as its pop, a present as its dismiss.
      let wayBack = ["push": "pop", "present": "dismiss"]
      if let i = members.firstIndex(where: { $0.key == "operation" }),
        case .string(let operation) = members[i].value, let way = wayBack[operation]
      {
        members[i].value = .string(way)
      }
      let t = JSONValue.object(members)
      gestured("\(name)#pan", pan, t, [])
      for pattern in ["crossActivity", "fullScreen", "sharedElement"] {
        gestured("\(name)#back-\(pattern)", back, t, [JSONMember("pattern", .string(pattern))])
      }
      gestured("\(name)#dragDismiss", drag, t, [])
      // The drag's refusals read reduceMotion (true refuses, false does not).
      for reduced in [true, false] {
        let facts = replacing(t, "reduceMotion", with: .bool(reduced))
        gestured("\(name)#dragDismiss-reduceMotion-\(reduced)", drag, facts, [])
      }
    }
    let pair = heroDrag["gesture"]?["element"] ?? .null
    for (name, element) in [
      ("pair", pair), ("unknown", .string("nope")), ("one-screen", .string("title")),
      ("number", .number(5)), ("null", .null),
    ] as [(String, JSONValue)] {
      gestured(
        "hero-element-\(name)", heroDrag, heroDrag["transition"]!, [JSONMember("element", element)])
      gestured(
        "hero-element-\(name)-bad-transition", heroDrag,
        replacing(
          heroDrag["transition"]!, "container", with: .object([JSONMember("width", .number(-1))])),
        [JSONMember("element", element)])
    }
    let corpus = root.appendingPathComponent("Fuzz/corpus/planner")
    for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
      seeds.append(
        ("fuzz/\(name)", Array(try Data(contentsOf: corpus.appendingPathComponent(name)))))
    }
    return seeds
  }

  /// `object` with its member `key` set to `value` (added last when it has none).
  static func replacing(_ object: JSONValue, _ key: String, with value: JSONValue) -> JSONValue {
    guard case .object(var members) = object else { return object }
    if let i = members.firstIndex(where: { $0.key == key }) {
      members[i].value = value
    } else {
      members.append(JSONMember(key, value))
    }
    return .object(members)
  }

  /// An interaction answer as text: the decoded request in full, or the problem with every
  /// field error.
  static func describeInteraction(
    _ result: Result<any GestureRequest, Problem>, fields: [FieldError]?
  ) -> String {
    switch result {
    case .success(let request):
      var text = "ok "
      dump(request, to: &text)
      return text
    case .failure(let problem):
      let listed = fields.map { $0.map { "\($0.pointer): \($0.message)" }.joined(separator: "\n") }
      return String(decoding: problem.encoded(), as: UTF8.self) + "\n" + (listed ?? "")
    }
  }

  /// The old interaction decoder's answer: parse to a tree, walk it.
  static func interactionOracle(_ body: [UInt8], limits: PlannerLimits) -> String {
    let root: JSONValue
    do {
      root = try ReferenceJSONParser.parse(body, maximumDepth: limits.maximumDepth)
    } catch {
      return describeInteraction(.failure(.malformedJSON(error)), fields: nil)
    }
    switch OracleInteractionRequestDecoder(limits: limits).decode(root) {
    case .success(let request): return describeInteraction(.success(request), fields: nil)
    case .failure(let invalid):
      return describeInteraction(.failure(.invalidFields(invalid.errors)), fields: invalid.errors)
    }
  }

  /// The production decoder's answer through the tape (and its fields' errors in full), and
  /// the same walk over the tree.
  static func interactionCurrent(_ body: [UInt8], limits: PlannerLimits) -> (
    tape: String, tree: String?
  ) {
    let service = PlanningService(limits: limits)
    let result = service.decodeInteractionRequest(body)
    var fields: [FieldError]? = nil
    if case .failure = result,
      let tape = try? JSONTape.parse(body, maximumDepth: limits.maximumDepth),
      case .failure(let invalid) = InteractionRequestDecoder(limits: limits).decode(tape.root)
    {
      fields = invalid.errors
    }
    var tree: String? = nil
    if let root = try? ReferenceJSONParser.parse(body, maximumDepth: limits.maximumDepth) {
      switch InteractionRequestDecoder(limits: limits).decode(root) {
      case .success(let request): tree = describeInteraction(.success(request), fields: nil)
      case .failure(let invalid):
        tree = describeInteraction(.failure(.invalidFields(invalid.errors)), fields: invalid.errors)
      }
    }
    return (describeInteraction(result, fields: fields), tree)
  }

  /// The answers differ, described; nil when they are the same.
  static func interactionDifference(
    _ body: [UInt8], limits: PlannerLimits = .init(), oracleLimits: PlannerLimits? = nil
  ) -> String? {
    let expected = interactionOracle(body, limits: oracleLimits ?? limits)
    let (actual, tree) = interactionCurrent(body, limits: limits)
    if expected != actual { return "oracle:\n\(expected)\ntape:\n\(actual)" }
    if let tree, oracleLimits == nil, tree != expected {
      return "the walk over the tree differs:\n\(expected)\ntree:\n\(tree)"
    }
    return nil
  }

  func testEveryInteractionSeedAnswersAsTheOracle() throws {
    let seeds = try Self.interactionSeeds()
    XCTAssertGreaterThan(seeds.count, 150)
    var valid: [String: Int] = [:]
    for (name, body) in seeds {
      if let difference = Self.interactionDifference(body) { XCTFail("\(name): \(difference)") }
      if case .success(let request) = PlanningService().decodeInteractionRequest(body) {
        valid["\(type(of: request))", default: 0] += 1
      }
    }
    // Each kind decodes valid requests: the comparison covers requests, not only problems.
    for kind in ["PanRequest", "BackRequest", "DragDismissRequest"] {
      XCTAssertGreaterThan(valid[kind] ?? 0, 5, "\(valid)")
    }
  }

  func testInteractionMutationsAnswerAsTheOracle() throws {
    var random = SplitMix(seed: 3601)
    var compared = 0
    var outcomes: [Int: Int] = [:]
    for (name, body) in try Self.interactionSeeds() where !name.hasPrefix("fuzz/") {
      guard let tree = try? ReferenceJSONParser.parse(body) else { continue }
      for round in 0..<20 {
        let (kind, mutated) = Mutator.mutate(body, tree, &random)
        compared += 1
        switch PlanningService().decodeInteractionRequest(mutated) {
        case .success: outcomes[200, default: 0] += 1
        case .failure(let problem): outcomes[problem.status, default: 0] += 1
        }
        if let difference = Self.interactionDifference(mutated) {
          XCTFail(
            "\(name) mutation \(round) (\(kind)): \(String(decoding: mutated, as: UTF8.self))\n\(difference)"
          )
          return
        }
      }
    }
    XCTAssertGreaterThan(compared, 2500)
    for status in [200, 400, 422] {
      XCTAssertGreaterThan(outcomes[status] ?? 0, compared / 10, "\(outcomes)")
    }
  }

  /// Bodies built to reach each kind's checks: kinds by name, the curve parameter's three
  /// shapes, touches as null, samples not an array, the release and completion members.
  func testCraftedInteractionsAnswerAsTheOracle() {
    let t =
      #"{"style":"zoom","operation":"pop","container":{"width":390,"height":844},"source":{"x":1,"y":2,"width":3,"height":4}}"#
    let samples = #"[{"t":0,"x":0,"y":0,"state":"began"},{"t":0.1,"x":50,"y":0,"state":"ended"}]"#
    let backSamples =
      #"[{"t":0,"state":"began","progress":0,"touchX":null,"touchY":1,"swipeEdge":"left"},{"t":0.1,"state":"ended","progress":0.5}]"#
    let cases = [
      "{}", "[]", "null", #"{"transition":null}"#, #"{"transition":1,"gesture":1}"#,
      #"{"transition":\#(t),"gesture":{"kind":"wobble"}}"#,
      #"{"transition":\#(t),"gesture":{"kind":1}}"#,
      #"{"transition":\#(t),"gesture":{"kind":"pan","samples":\#(samples)}}"#,
      #"{"transition":\#(t),"gesture":{"kind":"pan","samples":{}},"release":{"policy":"projected","decelerationRate":2},"completion":{"speed":1000,"curve":"x"}}"#,
      #"{"transition":\#(t),"gesture":{"samples":\#(samples)},"release":{"policy":"system"},"completion":{"speed":-1}}"#,
      #"{"transition":\#(t),"gesture":{"samples":\#(samples)},"release":[],"completion":"x"}"#,
      #"{"transition":\#(t),"gesture":{"kind":"back","samples":\#(backSamples)}}"#,
      #"{"transition":\#(t),"gesture":{"kind":"back","pattern":"x","parameters":{"a":1},"samples":\#(backSamples)}}"#,
      #"{"transition":\#(t),"gesture":{"kind":"back","pattern":null,"density":0,"parameters":[],"samples":"x"}}"#,
      #"{"transition":\#(t),"gesture":{"kind":"back","pattern":"sharedElement","parameters":{"curve":"linear"},"samples":\#(backSamples)}}"#,
      #"{"transition":\#(t),"gesture":{"kind":"dragDismiss","parameters":{"curve":{"type":"cubicBezier","x1":0.1,"y1":0,"x2":0.2,"y2":1}},"samples":\#(samples)}}"#,
      #"{"transition":\#(t),"gesture":{"kind":"dragDismiss","anchor":{"x":1},"distance":0,"element":5,"samples":\#(samples)}}"#,
      #"{"transition":{"style":"zoom","operation":"push","reversal":{},"reduceMotion":true},"gesture":{"kind":"dragDismiss"}}"#,
      #"{"transition":{"style":"zoom","operation":"push","reversal":null,"reduceMotion":1},"gesture":{"kind":"back"}}"#,
      #"{"transition":{"style":"zoom","operation":"pop","reversal":false,"reduceMotion":false},"gesture":{"kind":"dragDismiss"}}"#,
      #"{"transition":{"style":"zoom","operation":"pop","reduceMotion":false},"gesture":{"kind":"back"}}"#,
      #"{"transition":\#(t),"gesture":{"kind":"pan","kind":"back"}}"#,
    ]
    for text in cases {
      if let difference = Self.interactionDifference(Array(text.utf8)) {
        XCTFail("\(text): \(difference)")
      }
    }
  }

  /// The negative control: a decoder allowing fewer samples than the oracle answers
  /// differently, and the comparison says so.
  func testTheInteractionComparisonSeesADifference() throws {
    let body = Array(
      try Data(contentsOf: Self.root.appendingPathComponent("examples/interaction-fast-flick.json"))
    )
    XCTAssertNil(Self.interactionDifference(body))
    var few = PlannerLimits()
    few.maximumGestureSamples = 2
    XCTAssertNotNil(Self.interactionDifference(body, limits: few, oracleLimits: PlannerLimits()))
  }
}
