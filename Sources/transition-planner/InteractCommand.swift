import PlannerService

/// `transition-planner interact [FILE] [--pretty] [--format F]`: `POST /v1/interactions`
/// without the network.
enum InteractCommand {
  static func run(_ arguments: [String]) -> Int32 {
    OfflineCommand.run(
      arguments, command: "interact",
      help: """
        Usage: transition-planner interact [FILE] [--pretty] [--format FORMAT] [--moments N]
          Reads an interaction request (a transition, a recorded pan, a release policy; FILE or
          stdin, '-' for stdin) and writes the decision, the completion and the keyframes.
          --format   \(ExportFormat.names) (default json): the bytes POST /v1/interactions?format= sends
          --moments  panels of the svg filmstrip, \(ExportOptions.momentsRange.lowerBound)...\(ExportOptions.momentsRange.upperBound) (default \(ExportOptions.defaultMoments))

        """,
      pipeline: { PlanningService().interactBody($0, format: $1, options: $2) })
  }
}
