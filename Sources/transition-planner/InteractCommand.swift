import PlannerService

/// `transition-planner interact [FILE] [--pretty] [--format F]`: `POST /v1/interactions`
/// without the network.
enum InteractCommand {
  static func run(_ arguments: [String]) -> Int32 {
    OfflineCommand.run(
      arguments, command: "interact",
      help: """
        Usage: transition-planner interact [FILE] [--pretty] [--format FORMAT] [--moments N]
          Reads an interaction request (FILE or stdin, '-' for stdin): a transition and a
          recorded gesture of kind pan (with its release policy), back (an Android predictive-
          back stream) or dragDismiss (a drag to dismiss a shared element), and writes the
          decision, the completion and the keyframes (docs/API.md, docs/GESTURES.md).
          --format   \(ExportFormat.names) (default json): the bytes POST /v1/interactions?format= sends
          --moments  panels of the svg filmstrip, \(ExportOptions.momentsRange.lowerBound)...\(ExportOptions.momentsRange.upperBound) (default \(ExportOptions.defaultMoments))

        """,
      pipeline: { PlanningService().interactionBody($0, format: $1, options: $2) })
  }
}
