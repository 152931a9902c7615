import PlannerService

/// `transition-planner plan [FILE] [--pretty]`: the HTTP pipeline without the network.
enum PlanCommand {
  static func run(_ arguments: [String]) -> Int32 {
    var pretty = false
    var path: String?
    for argument in arguments {
      switch argument {
      case "--pretty": pretty = true
      case "--help", "-h":
        IO.out(
          "Usage: transition-planner plan [FILE] [--pretty]\n  Reads a plan request (FILE or stdin, '-' for stdin) and writes the plan.\n"
        )
        return 0
      default:
        if argument.hasPrefix("-") && argument != "-" {
          IO.err("transition-planner plan: unknown option '\(argument)'\n")
          return 64
        }
        guard path == nil else {
          IO.err("transition-planner plan: only one input file may be given\n")
          return 64
        }
        path = argument
      }
    }
    let input: [UInt8]
    if let path, path != "-" {
      switch IO.readFile(path) {
      case .success(let bytes): input = bytes
      case .failure(let failure):
        IO.err("transition-planner plan: cannot read \(path): \(failure.reason)\n")
        return 66
      }
    } else {
      guard let bytes = IO.readAll(fd: 0) else {
        IO.err("transition-planner plan: cannot read standard input\n")
        return 66
      }
      input = bytes
    }
    return emit(PlanningService().planJSON(input), pretty: pretty)
  }

  /// Writes a result: the JSON on stdout (exit 0) or the problem on stderr (exit 2).
  static func emit(_ result: Result<[UInt8], Problem>, pretty: Bool) -> Int32 {
    switch result {
    case .success(let bytes):
      IO.write(prettyIfAsked(bytes, pretty) + [0x0A], fd: 1)
      return 0
    case .failure(let problem):
      IO.write(prettyIfAsked(problem.encoded(), pretty) + [0x0A], fd: 2)
      return 2
    }
  }

  static func prettyIfAsked(_ bytes: [UInt8], _ pretty: Bool) -> [UInt8] {
    guard pretty, let value = try? JSONParser.parse(bytes, maximumDepth: 64) else { return bytes }
    var w = JSONWriter(capacity: bytes.count * 2)
    w.pretty(value)
    return w.bytes
  }
}
