import Foundation
import JSON
import PlannerClient

// planner-client: the service's requests from the command line, through PlannerClient.

let usage = """
  Usage: planner-client [--server URL] <command> [options]

  Commands:
    plan [FILE] [--get] [--pretty]   POST (or GET with --get) a plan request from FILE or stdin
    retarget [FILE] --from IN_FLIGHT_FILE --at SECONDS [--policy spring|additive] [--pretty]
                                     POST the plan request of FILE (or stdin) flown from the
                                     plan of IN_FLIGHT_FILE at its time SECONDS
    interact [FILE] [--pretty]       POST an interaction request from FILE or stdin
    styles                           list the styles and their operations
    health                           exit 0 iff /healthz answers 200

  The server defaults to $PLANNER_SERVER or http://127.0.0.1:8080. Errors print the problem
  document's fields on stderr and exit 2; transport failures exit 69.

  """

func fail(_ message: String, _ code: Int32) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(code)
}

var args = Array(CommandLine.arguments.dropFirst())
var server = ProcessInfo.processInfo.environment["PLANNER_SERVER"] ?? "http://127.0.0.1:8080"
if let i = args.firstIndex(of: "--server") {
  guard i + 1 < args.count else { fail("--server needs a URL", 64) }
  server = args[i + 1]
  args.removeSubrange(i...(i + 1))
}
/// The value of `--name VALUE`, removed from the arguments.
@MainActor func option(_ name: String) -> String? {
  guard let i = args.firstIndex(of: name) else { return nil }
  guard i + 1 < args.count else { fail("\(name) needs a value", 64) }
  let value = args[i + 1]
  args.removeSubrange(i...(i + 1))
  return value
}
let retargetFrom = option("--from")
let retargetAt = option("--at")
let retargetPolicy = option("--policy")
let pretty = args.contains("--pretty")
let useGET = args.contains("--get")
args.removeAll { $0 == "--pretty" || $0 == "--get" }
guard let command = args.first else { fail(usage, 64) }

@MainActor func input() -> String {
  if args.count > 1, args[1] != "-" {
    guard let data = FileManager.default.contents(atPath: args[1]) else {
      fail("cannot read \(args[1])", 66)
    }
    return String(decoding: data, as: UTF8.self)
  }
  return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
}

@MainActor func printJSON(_ bytes: [UInt8]) {
  var out = bytes
  if pretty, let v = try? JSONParser.parse(bytes, maximumDepth: 64) {
    var w = JSONWriter()
    w.pretty(v)
    out = w.bytes
  }
  FileHandle.standardOutput.write(Data(out + [0x0A]))
}

do {
  let client = try PlannerClient(baseURL: server)
  switch command {
  case "plan":
    let result = useGET ? try client.planByGET(input()) : try client.plan(input())
    printJSON(result.exchange.body)
  case "retarget":
    guard let path = retargetFrom, let data = FileManager.default.contents(atPath: path) else {
      fail(retargetFrom.map { "cannot read \($0)" } ?? "retarget needs --from IN_FLIGHT_FILE", 64)
    }
    guard let at = retargetAt.flatMap(Double.init) else {
      fail("retarget needs --at SECONDS (a number)", 64)
    }
    let result = try client.retarget(
      input(), from: String(decoding: data, as: UTF8.self), at: at, policy: retargetPolicy)
    printJSON(result.exchange.body)
  case "interact":
    printJSON(try client.interact(input()).exchange.body)
  case "styles":
    for style in try client.styles() {
      print("\(style.name)\t\(style.operations.joined(separator: ","))\t\(style.summary)")
    }
  case "health":
    exit(client.isHealthy() ? 0 : 1)
  case "help", "--help", "-h":
    print(usage, terminator: "")
  default:
    fail("unknown command '\(command)'\n\n" + usage, 64)
  }
} catch {
  switch error {
  case .problem(let p):
    var lines = ["\(p.status) \(p.title)" + (p.detail.map { ": \($0)" } ?? "")]
    lines += p.errors.map { "  \($0.pointer): \($0.message)" }
    fail(lines.joined(separator: "\n"), 2)
  case .transport(_, let message):
    fail("cannot reach \(server): \(message)", 69)
  case .unexpectedBody(let status, let message):
    fail("unexpected answer \(status): \(message)", 69)
  case .invalidRequest(let message):
    fail(message, 65)
  }
}
