import JSON
import JSONReference
import PlannerService
import TransitionEngine

/// libFuzzer target for the request pipeline of `POST /v1/plans` and `POST /v1/interactions`:
/// the input is a request body. It is decoded as a plan request and as an interaction request;
/// what decodes is planned and encoded in every response format (plan and interaction JSON,
/// problem+json, and each export format: waapi, css, lottie, svg). Invariants (a violation aborts: a libFuzzer finding):
/// - the plan and interaction decoders reading a tape answer exactly as the tree they replaced
///   (request, or status, offset and every listed field error in order);
/// - no memory error or trap (AddressSanitizer; Swift's overflow, bounds and precondition checks);
/// - a body that fails to decode is a 400 with the byte offset of the syntax error (within the
///   body) or a 422 listing fields by JSON Pointer;
/// - a decoded request plans or is refused with a 422 at a field, never anything else;
/// - planning and encoding are deterministic: twice gives byte-identical output;
/// - every output (plan, interaction, problem, canonical request) is JSON our parser reads back;
/// - the canonical request (the response cache's key and the canonical GET URL) decodes to a
///   request with the same canonical text and the same plan bytes, so a cache hit can never
///   answer a different plan;
/// - the input read as doubles (8 bytes each) is written by `JSONWriter.number` exactly as the
///   wire format says: the standard library's shortest round-trip text, integers without ".0".
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let body = Array(UnsafeBufferPointer(start: data, count: size))
  checkPlan(body)
  checkInteraction(body)
  checkNumbers(body)
  return 0
}

func checkNumbers(_ body: [UInt8]) {
  var index = 0
  while index + 8 <= body.count {
    var bits: UInt64 = 0
    for k in 0..<8 { bits |= UInt64(body[index + k]) << (8 * k) }
    index += 8
    let v = Double(bitPattern: bits)
    var w = JSONWriter(capacity: 32)
    w.number(v)
    let text = String(decoding: w.bytes, as: UTF8.self)
    let expected: String
    if !v.isFinite {
      expected = "null"
    } else if v == 0 {
      expected = "0"
    } else if abs(v) < 9_007_199_254_740_992, v == v.rounded(.towardZero) {
      expected = String(Int64(v))
    } else {
      expected = v.description
    }
    require(text == expected, "number text", bits, text, expected)
  }
}

/// The service's limits, with keyframes and samples lowered so that one input plans in
/// milliseconds; the checks that enforce them run before sampling, as with the defaults.
let service: PlanningService = {
  var limits = PlannerLimits()
  limits.maximumKeyframes = 4000
  limits.maximumGestureSamples = 500
  return PlanningService(limits: limits)
}()

func checkPlan(_ body: [UInt8]) {
  let decoded = service.decodePlanRequest(body)
  checkDecoderAgreement(body, decoded)
  switch decoded {
  case .failure(let problem):
    checkDecodingProblem(problem, bodySize: body.count)
  case .success(let request):
    let first = service.plan(request).map(PlanEncoder.encode)
    let second = service.plan(request).map(PlanEncoder.encode)
    require(first == second, "plan not deterministic")
    switch first {
    case .failure(let problem):
      checkFieldProblem(problem)
    case .success(let bytes):
      requireJSON(bytes, "plan")
      if case .success(let plan) = service.plan(request) {
        checkExports(moments: moments(for: body)) { $0.render(plan, options: $1) }
      }
    }
    let canonical = CanonicalRequest.json(request)
    requireJSON(canonical, "canonical request")
    switch service.decodePlanRequest(canonical) {
    case .failure(let problem):
      require(false, "canonical request does not decode", problem)
    case .success(let again):
      require(CanonicalRequest.json(again) == canonical, "canonical text not stable")
      require(service.plan(again).map(PlanEncoder.encode) == first, "canonical plan differs")
    }
  }
}

/// The plan decoder (a tape over the bytes) against the tree it replaced (the reference parser's tree
/// walked by the same declarations; Tests/PlannerServiceTests/Oracle holds the old walk): the
/// same request, or the same problem with the same field errors in the same order.
func checkDecoderAgreement(_ body: [UInt8], _ decoded: Result<PlanRequest, Problem>) {
  let tree: Result<PlanRequest, Problem>
  do {
    tree = service.decodePlanRequest(
      try ReferenceJSONParser.parse(body, maximumDepth: service.limits.maximumDepth))
  } catch {
    tree = .failure(.malformedJSON(error))
  }
  switch (decoded, tree) {
  case (.success(let a), .success(let b)):
    require(a == b, "the tape and the tree decode different requests")
  case (.failure(let a), .failure(let b)):
    require(
      a.encoded() == b.encoded() && a.errors == b.errors,
      "the tape and the tree refuse differently",
      a, b)
  default:
    require(false, "the tape and the tree disagree on validity", decoded, tree)
  }
}

/// The interaction decoder (a tape) against the tree it replaced, as for plans
/// (Tests/PlannerServiceTests/Oracle/OracleInteractionDecoder.swift holds the old walk): the
/// same request (compared by its dump: gesture requests are not Equatable), or the same
/// problem.
func checkInteractionDecoderAgreement(
  _ body: [UInt8], _ decoded: Result<any GestureRequest, Problem>
) {
  let tree: Result<any GestureRequest, Problem>
  do {
    tree = service.decodeInteractionRequest(
      try ReferenceJSONParser.parse(body, maximumDepth: service.limits.maximumDepth))
  } catch {
    tree = .failure(.malformedJSON(error))
  }
  switch (decoded, tree) {
  case (.success(let a), .success(let b)):
    var first = ""
    var second = ""
    dump(a, to: &first)
    dump(b, to: &second)
    require(first == second, "the tape and the tree decode different interactions", first, second)
  case (.failure(let a), .failure(let b)):
    require(
      a.encoded() == b.encoded() && a.errors == b.errors,
      "the tape and the tree refuse an interaction differently", a, b)
  default:
    require(false, "the tape and the tree disagree on an interaction's validity", decoded, tree)
  }
}

func checkInteraction(_ body: [UInt8]) {
  let decoded = service.decodeInteractionRequest(body)
  checkInteractionDecoderAgreement(body, decoded)
  switch decoded {
  case .failure(let problem):
    checkDecodingProblem(problem, bodySize: body.count)
  case .success(let request):
    let first = service.interact(request).map(InteractionEncoder.encode)
    let second = service.interact(request).map(InteractionEncoder.encode)
    require(first == second, "interaction not deterministic")
    switch first {
    case .failure(let problem):
      checkFieldProblem(problem)
    case .success(let bytes):
      requireJSON(bytes, "interaction")
      if case .success(let plan) = service.interact(request) {
        checkExports(
          moments: moments(for: body), formats: ExportFormat.allCases.filter(\.servesInteractions)
        ) { $0.render(plan, options: $1) }
      }
    }
  }
}

/// The SVG filmstrip's panel count, taken from the input so the fuzzer varies it too.
func moments(for body: [UInt8]) -> Int {
  let range = ExportOptions.momentsRange
  return range.lowerBound + body.count % range.count
}

/// Every export format (of `formats`: an interaction has no view transition): the same bytes
/// twice; the JSON-based ones parse back as JSON, the text ones (CSS, SVG) are non-empty UTF-8.
func checkExports(
  moments: Int, formats: [ExportFormat] = ExportFormat.allCases,
  _ render: (ExportFormat, ExportOptions) -> [UInt8]
) {
  let options = ExportOptions(moments: moments)
  for format in formats {
    let bytes = render(format, options)
    require(bytes == render(format, options), "\(format) export not deterministic")
    switch format {
    case .json, .waapi, .lottie, .coreanimation, .android, .viewtransition:
      requireJSON(bytes, "\(format) export")
    case .css, .svg:
      require(!bytes.isEmpty, "empty \(format) export")
      require(String(validating: bytes, as: UTF8.self) != nil, "\(format) export is not UTF-8")
    }
  }
}

func checkDecodingProblem(_ problem: Problem, bodySize: Int) {
  if problem.status == 400 {
    guard let offset = problem.offset else {
      return require(false, "400 without an offset", problem)
    }
    require(offset >= 0 && offset <= bodySize, "offset outside the body", offset, bodySize)
    requireJSON(problem.encoded(), "problem")
  } else {
    checkFieldProblem(problem)
  }
}

/// A 422 names at least one field, each by a JSON Pointer ("" or "/"-separated tokens).
func checkFieldProblem(_ problem: Problem) {
  require(problem.status == 422, "refusal is not a 422", problem)
  require(!problem.errors.isEmpty, "422 without errors", problem)
  for error in problem.errors {
    require(error.pointer.isEmpty || error.pointer.hasPrefix("/"), "not a JSON Pointer", error)
    require(!error.message.isEmpty, "empty message", error)
  }
  requireJSON(problem.encoded(), "problem")
}

func requireJSON(_ bytes: [UInt8], _ what: String) {
  do {
    _ = try JSONParser.parse(bytes, maximumDepth: 64)
  } catch {
    require(false, "\(what) is not valid JSON", error, String(decoding: bytes, as: UTF8.self))
  }
}

/// Aborts (a libFuzzer finding) with a message when an invariant does not hold.
func require(_ condition: Bool, _ what: String, _ details: Any...) {
  if !condition {
    fatalError("invariant violated: \(what): \(details)")
  }
}
