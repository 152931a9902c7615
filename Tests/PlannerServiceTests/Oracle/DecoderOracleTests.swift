import Foundation
import JSON
import JSONReference
import TransitionEngine
import XCTest

@testable import PlannerService

/// The plan request decoder (a tape over the bytes, the declarations read off it) against the
/// decoder it replaced (a `JSONValue` tree walked by the declarations, kept in Oracle/): the
/// same request or the same problem (status, byte offset, every field error's pointer and
/// message, in order) for every example, conformance plan and fuzz-corpus request, and for
/// thousands of mutations of them.
final class DecoderOracleTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every example, every conformance plan, every fuzz-corpus request, and each interaction
  /// example's `transition` on its own.
  static func seeds() throws -> [(String, [UInt8])] {
    var seeds: [(String, [UInt8])] = []
    for folder in ["examples", "scripts/bench/conformance-plans", "Fuzz/corpus/planner"] {
      let url = root.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
        let bytes = Array(try Data(contentsOf: url.appendingPathComponent(name)))
        seeds.append(("\(folder)/\(name)", bytes))
        if let transition = try? ReferenceJSONParser.parse(bytes)["transition"] {
          seeds.append(("\(folder)/\(name)#transition", Array(Writer.text(transition).utf8)))
        }
      }
    }
    return seeds
  }

  /// An answer as text: the canonical request, or the problem with every field error.
  static func describe(_ result: Result<PlanRequest, Problem>, fields: [FieldError]?) -> String {
    switch result {
    case .success(let request):
      return "ok " + String(decoding: CanonicalRequest.json(request), as: UTF8.self)
    case .failure(let problem):
      let listed = fields.map { $0.map { "\($0.pointer): \($0.message)" }.joined(separator: "\n") }
      return String(decoding: problem.encoded(), as: UTF8.self) + "\n" + (listed ?? "")
    }
  }

  /// A parse's tree, or its error's offset and message.
  static func parsed(_ body: [UInt8], reference: Bool) -> String {
    do {
      let value = reference ? try ReferenceJSONParser.parse(body) : try JSONParser.parse(body)
      return String(reflecting: value)
    } catch {
      return "\(error.offset): \(error.message)"
    }
  }

  /// The old decoder's answer: parse to a tree, walk it.
  static func oracle(_ body: [UInt8], limits: PlannerLimits) -> (String, PlanRequest?) {
    let root: JSONValue
    do {
      root = try ReferenceJSONParser.parse(body, maximumDepth: limits.maximumDepth)
    } catch {
      return (describe(.failure(.malformedJSON(error)), fields: nil), nil)
    }
    switch OraclePlanRequestDecoder(limits: limits).decode(root) {
    case .success(let request): return (describe(.success(request), fields: nil), request)
    case .failure(let invalid):
      return (describe(.failure(.invalidFields(invalid.errors)), fields: invalid.errors), nil)
    }
  }

  /// The production decoder's answer, through the tape (and its fields' errors in full).
  static func current(_ body: [UInt8], limits: PlannerLimits) -> (String, PlanRequest?) {
    let service = PlanningService(limits: limits)
    let result = service.decodePlanRequest(body)
    var fields: [FieldError]? = nil
    if case .failure = result,
      let tape = try? JSONTape.parse(body, maximumDepth: limits.maximumDepth)
    {
      if case .failure(let invalid) = PlanRequestDecoder(limits: limits).decode(tape.root) {
        fields = invalid.errors
      }
    }
    if case .success(let request) = result { return (describe(result, fields: nil), request) }
    return (describe(result, fields: fields), nil)
  }

  /// The answers differ, described; nil when they are the same byte for byte (and the decoded
  /// requests equal).
  static func difference(
    _ body: [UInt8], limits: PlannerLimits = .init(), oracleLimits: PlannerLimits? = nil
  )
    -> String?
  {
    let (expected, expectedRequest) = oracle(body, limits: oracleLimits ?? limits)
    let (actual, actualRequest) = current(body, limits: limits)
    if expected != actual { return "oracle:\n\(expected)\ntape:\n\(actual)" }
    if expectedRequest != actualRequest { return "requests differ: \(expected)" }
    // The same walk over the tree (interactions' transitions still take that path).
    if let tree = try? ReferenceJSONParser.parse(body, maximumDepth: limits.maximumDepth),
      oracleLimits == nil
    {
      switch (
        OraclePlanRequestDecoder(limits: limits).decode(tree),
        PlanRequestDecoder(limits: limits).decode(tree)
      ) {
      case (.success(let a), .success(let b)) where a == b: break
      case (.failure(let a), .failure(let b)) where a.errors == b.errors: break
      default: return "the walk over the tree differs: \(expected)"
      }
    }
    return nil
  }

  func testEverySeedAnswersAsTheOracle() throws {
    let seeds = try Self.seeds()
    XCTAssertGreaterThan(seeds.count, 60)
    var valid = 0
    for (name, body) in seeds {
      if let difference = Self.difference(body) { XCTFail("\(name): \(difference)") }
      if case .success = PlanningService().decodePlanRequest(body) { valid += 1 }
    }
    // Most seeds are valid plans: the comparison covers requests, not only problems.
    XCTAssertGreaterThan(valid, 40)
  }

  func testMutationsAnswerAsTheOracle() throws {
    var random = SplitMix(seed: 36)
    var compared = 0
    var kinds: [String: Int] = [:]
    var outcomes: [Int: Int] = [:]
    for (name, body) in try Self.seeds() {
      guard let tree = try? ReferenceJSONParser.parse(body) else { continue }
      for round in 0..<48 {
        let (kind, mutated) = Mutator.mutate(body, tree, &random)
        kinds[kind, default: 0] += 1
        compared += 1
        switch PlanningService().decodePlanRequest(mutated) {
        case .success: outcomes[200, default: 0] += 1
        case .failure(let problem): outcomes[problem.status, default: 0] += 1
        }
        if let difference = Self.difference(mutated) {
          XCTFail(
            "\(name) mutation \(round) (\(kind)): \(String(decoding: mutated, as: UTF8.self))\n\(difference)"
          )
          return
        }
        // The tree JSONParser builds from the tape is the reference parser's tree.
        let tree = Self.parsed(mutated, reference: false)
        let expected = Self.parsed(mutated, reference: true)
        if tree != expected {
          XCTFail("\(name) mutation \(round) (\(kind)): the tree \(tree), expected \(expected)")
          return
        }
      }
    }
    XCTAssertGreaterThan(compared, 2000)
    // Every kind of mutation was drawn.
    XCTAssertEqual(Set(kinds.keys), Set(Mutator.kinds), "\(kinds)")
    // Valid requests, syntax errors and field errors each a good share of the mutations.
    for status in [200, 400, 422] {
      XCTAssertGreaterThan(outcomes[status] ?? 0, compared / 10, "\(outcomes)")
    }
  }

  /// Requests built to hit each check in a known order.
  func testCraftedRequestsAnswerAsTheOracle() {
    let zoom =
      #"{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":1,"y":2,"width":3,"height":4}}"#
    let cases: [String] = [
      "", " ", "\u{FEFF}{}", "{}", "[]", "null", "1", #""x""#, "{} x", #"{"a":1,"a":2}"#,
      #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"a":10}"#,
      #"{"style":"zoom","style":"hero"}"#, #"{"st\u0079le":"zoom","style":"hero"}"#,
      #"{"\u212Aey":1,"style":"zoom"}"#, #"{"style":"z\u006fom","operation":"push"}"#,
      #"{"style":1e999,"operation":[],"container":{"width":-1e999,"height":1e400}}"#,
      #"{"style":"zoom","operation":"push","container":{"width":0.0000000000000000000000001e-400,"height":123456789012345678901234567890}}"#,
      String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
      String(repeating: #"{"a":"#, count: 33) + "1" + String(repeating: "}", count: 33),
      String(repeating: #"{"a":"#, count: 32) + "1" + String(repeating: "}", count: 32),
      #"{"style":"\ud800"}"#, #"{"style":"\udc00"}"#, #"{"style":"\ud83d\ude00"}"#,
      "{\"style\":\"\u{01}\"}", #"{"style":"\x"}"#, #"{"style":"\u12"}"#, #"{"style":tru}"#,
      #"{"style":01}"#, #"{"style":-}"#, #"{"style":1.}"#, #"{"style":1e}"#, #"{"style":"#,
      #"{"style""#, #"{"style"1}"#, #"{1:2}"#, #"{"a":1,}"#, #"[1,]"#, #"[1 2]"#, #"{"a":1 "b":2}"#,
      zoom, zoom.replacingOccurrences(of: "\"push\"", with: "\"pop\""),
      zoom.replacingOccurrences(of: "\"x\":1", with: "\"x\":null"),
      zoom.replacingOccurrences(
        of: "}}",
        with:
          "},\"timing\":{\"curve\":{\"type\":\"cubicBezier\",\"x1\":2}},\"frameRate\":7.5,\"reduceMotion\":1}"
      ),
      zoom.replacingOccurrences(of: "}}", with: "},\"reversal\":{\"at\":\"x\",\"timing\":[]}}"),
      zoom.replacingOccurrences(
        of: "}}",
        with:
          "},\"retarget\":{\"at\":0.1,\"policy\":\"x\",\"from\":{\"style\":\"hero\",\"operation\":\"pop\"}}}"
      ),
      zoom.replacingOccurrences(
        of: "}}",
        with:
          "},\"retarget\":{\"at\":0.1,\"from\":\(zoom.replacingOccurrences(of: "}}", with: "},\"retarget\":{\"at\":0.1,\"from\":\(zoom)}}"))}}"
      ),
      Array(repeating: zoom, count: 1).joined() + "\u{FF}",
      "{\"style\":\"\u{E9}\"}", "{\"style\":\"zo\u{FF}om\"}",
    ]
    for text in cases {
      var body = Array(text.utf8)
      if text == "{\"style\":\"zo\u{FF}om\"}" {
        body = Array(#"{"style":"zo"#.utf8) + [0xFF] + Array(#"om"}"#.utf8)
      }
      if let difference = Self.difference(body) { XCTFail("\(text): \(difference)") }
    }
  }

  /// The negative control: a decoder with another depth limit than the oracle's answers
  /// differently, and the comparison says so.
  func testTheComparisonSeesADifference() {
    var shallow = PlannerLimits()
    shallow.maximumDepth = 3
    let body = Array(#"{"style":"zoom","container":{"width":{"a":{"b":1}}}}"#.utf8)
    XCTAssertNil(Self.difference(body))
    XCTAssertNotNil(Self.difference(body, limits: shallow, oracleLimits: PlannerLimits()))
  }
}

/// A deterministic generator (SplitMix64): the same mutations on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}

/// Writes a tree back as JSON text, with hooks for the mutations.
enum Writer {
  static func text(_ value: JSONValue) -> String {
    var out = ""
    write(value, &out)
    return out
  }

  static func write(_ value: JSONValue, _ out: inout String) {
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n):
      out += n.isFinite ? (n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)") : "1e999"
    case .string(let s): out += quoted(s)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        write(item, &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, member) in members.enumerated() {
        if i > 0 { out += "," }
        out += quoted(member.key) + ":"
        write(member.value, &out)
      }
      out += "}"
    }
  }

  static func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

/// One random change of a request: to its bytes, or to a member of its tree written back.
enum Mutator {
  static let kinds = [
    "byte", "delete bytes", "duplicate bytes", "delete member", "duplicate member",
    "wrong type", "huge number", "deep nesting", "unknown member", "escaped letter", "kelvin key",
    "null member", "swap members",
  ]
  static let interesting: [UInt8] =
    Array("{}[],:\"\\0123456789-+.eEtfnu ".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]

  static func mutate(_ body: [UInt8], _ tree: JSONValue, _ random: inout SplitMix) -> (
    String, [UInt8]
  ) {
    let kind = kinds[random.below(kinds.count)]
    var bytes = body
    switch kind {
    case "byte":
      for _ in 0...random.below(3) where !bytes.isEmpty {
        bytes[random.below(bytes.count)] = interesting[random.below(interesting.count)]
      }
      return (kind, bytes)
    case "delete bytes":
      let start = random.below(bytes.count)
      bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(12)))
      return (kind, bytes)
    case "duplicate bytes":
      let start = random.below(bytes.count)
      let piece = bytes[start..<min(bytes.count, start + 1 + random.below(40))]
      bytes.insert(contentsOf: piece, at: start)
      return (kind, bytes)
    case "escaped letter":
      // A letter just after a quote (most are keys) written as a \u escape: the same text.
      let starts = bytes.indices.dropLast().filter {
        bytes[$0] == UInt8(ascii: "\"") && bytes[$0 + 1] >= UInt8(ascii: "a")
          && bytes[$0 + 1] <= UInt8(ascii: "z")
      }
      guard !starts.isEmpty else { return (kind, bytes) }
      let at = starts[random.below(starts.count)] + 1
      let hex = Array(String(format: "\\u%04x", bytes[at]).utf8)
      bytes.replaceSubrange(at...at, with: hex)
      return (kind, bytes)
    default:
      let mutated = mutateTree(tree, kind, &random, depth: 0)
      return (kind, Array(Writer.text(mutated).utf8))
    }
  }

  /// Changes one member somewhere along a random path of objects and arrays.
  static func mutateTree(_ value: JSONValue, _ kind: String, _ random: inout SplitMix, depth: Int)
    -> JSONValue
  {
    switch value {
    case .object(var members) where !members.isEmpty:
      let i = random.below(members.count)
      // Go deeper half the time while there is somewhere to go.
      if random.below(2) == 0, depth < 8 {
        switch members[i].value {
        case .object, .array:
          members[i].value = mutateTree(members[i].value, kind, &random, depth: depth + 1)
          return .object(members)
        default: break
        }
      }
      switch kind {
      case "delete member": members.remove(at: i)
      case "duplicate member": members.insert(members[i], at: random.below(members.count + 1))
      case "wrong type": members[i].value = wrongType(members[i].value, &random)
      case "huge number":
        let huge: [Double] = [
          .infinity, -.infinity, 1e308, -1e308, 5e-324, 1e22, 9_007_199_254_740_993,
        ]
        members[i].value = .number(huge[random.below(huge.count)])
      case "deep nesting":
        var v = members[i].value
        for _ in 0..<(28 + random.below(8)) {
          v = random.below(2) == 0 ? .array([v]) : .object([JSONMember("k", v)])
        }
        members[i].value = v
      case "unknown member":
        members.insert(
          JSONMember("unknown\(random.below(3))", .number(1)), at: random.below(members.count + 1))
      case "kelvin key":
        // U+212A is canonically equivalent to "K": `String ==` (the tree's lookup) matches it.
        let key = members[i].key
        members[i].key =
          key.contains("K") ? key.replacingOccurrences(of: "K", with: "\u{212A}") : key + "\u{0}"
      case "null member": members[i].value = .null
      default:  // swap members
        let j = random.below(members.count)
        members.swapAt(i, j)
      }
      return .object(members)
    case .array(var items) where !items.isEmpty:
      let i = random.below(items.count)
      if random.below(3) == 0 {
        switch kind {
        case "delete member": items.remove(at: i)
        case "duplicate member": items.insert(items[i], at: i)
        default: items[i] = wrongType(items[i], &random)
        }
        return .array(items)
      }
      items[i] = mutateTree(items[i], kind, &random, depth: depth + 1)
      return .array(items)
    default:
      return wrongType(value, &random)
    }
  }

  static func wrongType(_ value: JSONValue, _ random: inout SplitMix) -> JSONValue {
    let choices: [JSONValue] = [
      .null, .bool(true), .number(-1), .number(0.5), .string("push"), .string("hero"),
      .array([]), .object([]), .array([value]), .number(1e6),
    ]
    return choices[random.below(choices.count)]
  }
}
