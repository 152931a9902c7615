import PlannerService

/// The shape shared by `plan` and `interact`: read one JSON request (FILE or stdin), run the
/// HTTP pipeline without the network, write the JSON on stdout (exit 0) or the problem on
/// stderr (exit 2).
enum OfflineCommand {
  static func run(
    _ arguments: [String], command: String, help: String,
    pipeline: ([UInt8]) -> Result<[UInt8], Problem>
  ) -> Int32 {
    var pretty = false
    var path: String?
    for argument in arguments {
      switch argument {
      case "--pretty": pretty = true
      case "--help", "-h":
        IO.out(help)
        return 0
      default:
        if argument.hasPrefix("-") && argument != "-" {
          IO.err("transition-planner \(command): unknown option '\(argument)'\n")
          return 64
        }
        guard path == nil else {
          IO.err("transition-planner \(command): only one input file may be given\n")
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
        IO.err("transition-planner \(command): cannot read \(path): \(failure.reason)\n")
        return 66
      }
    } else {
      guard let bytes = IO.readAll(fd: 0) else {
        IO.err("transition-planner \(command): cannot read standard input\n")
        return 66
      }
      input = bytes
    }
    return emit(pipeline(input), pretty: pretty)
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
