import JSON
import PlannerService

/// The shape shared by `plan` and `interact`: read one JSON request (FILE or stdin), run the
/// HTTP pipeline without the network, write the answer on stdout (exit 0) or the problem on
/// stderr (exit 2). `--format` picks the export format (the same bytes the server sends for
/// `?format=`).
enum OfflineCommand {
  static func run(
    _ arguments: [String], command: String, help: String,
    pipeline: ([UInt8], ExportFormat, ExportOptions) -> Result<[UInt8], Problem>
  ) -> Int32 {
    var pretty = false
    var path: String?
    var format = ExportFormat.json
    var options = ExportOptions()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      // `--name value` or `--name=value`.
      func value(_ name: String) -> String? {
        if argument == name { return rest.popFirst() }
        return argument.hasPrefix(name + "=") ? String(argument.dropFirst(name.count + 1)) : nil
      }
      if argument == "--format" || argument.hasPrefix("--format=") {
        guard let name = value("--format"), let f = ExportFormat(rawValue: name) else {
          IO.err(
            "transition-planner \(command): --format takes one of \(ExportFormat.names)\n")
          return 64
        }
        format = f
        continue
      }
      if argument == "--moments" || argument.hasPrefix("--moments=") {
        guard let text = value("--moments"), let n = Int(text),
          ExportOptions.momentsRange.contains(n)
        else {
          IO.err(
            "transition-planner \(command): --moments takes an integer from \(ExportOptions.momentsRange.lowerBound) to \(ExportOptions.momentsRange.upperBound)\n"
          )
          return 64
        }
        options.moments = n
        continue
      }
      if argument == "--keyframes" || argument.hasPrefix("--keyframes=") {
        guard let name = value("--keyframes"), let k = WaapiKeyframes(rawValue: name) else {
          IO.err(
            "transition-planner \(command): --keyframes takes one of \(WaapiKeyframes.names)\n")
          return 64
        }
        guard k == .sampled || command == "plan" else {
          IO.err(
            "transition-planner \(command): --keyframes compact describes a plan's tracks; an interaction follows its gesture sample by sample\n"
          )
          return 64
        }
        options.keyframes = k
        continue
      }
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
    // As the server's 400: compact is a waapi spelling, not an option of another format.
    guard options.keyframes == .sampled || format.usesKeyframes else {
      IO.err(
        "transition-planner \(command): --keyframes compact shapes only --format waapi; this command writes \(format.rawValue)\n"
      )
      return 64
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
    return emit(pipeline(input, format, options), pretty: pretty)
  }

  /// Writes a result: the answer on stdout (exit 0) or the problem on stderr (exit 2). JSON
  /// answers get a final newline; text formats (CSS, SVG) already end with one, so their bytes
  /// are exactly the server's.
  static func emit(_ result: Result<[UInt8], Problem>, pretty: Bool) -> Int32 {
    switch result {
    case .success(let bytes):
      let out = pretty ? prettyIfAsked(bytes, true) : bytes
      IO.write(out.last == 0x0A ? out : out + [0x0A], fd: 1)
      return 0
    case .failure(let problem):
      IO.write(prettyIfAsked(problem.encoded(), pretty) + [0x0A], fd: 2)
      return 2
    }
  }

  /// Re-indents a JSON answer; anything that does not parse as JSON (CSS, SVG) is left as is.
  static func prettyIfAsked(_ bytes: [UInt8], _ pretty: Bool) -> [UInt8] {
    guard pretty, let value = try? JSONParser.parse(bytes, maximumDepth: 64) else { return bytes }
    var w = JSONWriter(capacity: bytes.count * 2)
    w.pretty(value)
    return w.bytes
  }
}
