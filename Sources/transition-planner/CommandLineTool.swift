import PlannerService

/// `transition-planner <command>`: the service and its offline tools in one binary.
enum CommandLineTool {
  static let usage = """
    Usage: transition-planner <command> [options]

    Commands:
      serve [options]          Run the HTTP service (see serve --help for every option).
      plan [FILE] [--pretty]   Read a plan request (FILE or stdin), write the plan JSON to stdout.
                               Invalid input: problem+json on stderr, exit 2.
      interact [FILE] [--pretty]
                               Read an interaction request (transition + recorded gesture:
                               a pan, an Android back stream or a drag to dismiss), write
                               the interaction plan JSON. Same exits.
      healthcheck [--port N]   Exit 0 iff GET /healthz on this machine answers 200.
      help                     This text.

    """

  static func run(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
      IO.err(usage)
      return 64
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "serve": return ServeCommand.run(rest)
    case "plan": return PlanCommand.run(rest)
    case "interact": return InteractCommand.run(rest)
    case "healthcheck": return HealthcheckCommand.run(rest)
    case "help", "--help", "-h":
      IO.out(usage)
      return 0
    default:
      IO.err("transition-planner: unknown command '\(command)'\n\n" + usage)
      return 64
    }
  }
}
