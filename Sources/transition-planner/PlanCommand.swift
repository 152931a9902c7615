import PlannerService

/// `transition-planner plan [FILE] [--pretty] [--format F]`: the HTTP pipeline without the
/// network.
enum PlanCommand {
  static func run(_ arguments: [String]) -> Int32 {
    OfflineCommand.run(
      arguments, command: "plan",
      help: """
        Usage: transition-planner plan [FILE] [--pretty] [--format FORMAT] [--moments N]
                                  [--keyframes sampled|compact]
          Reads a plan request (FILE or stdin, '-' for stdin) and writes the plan.
          --format   \(ExportFormat.names) (default json): the bytes POST /v1/plans?format= sends
          --moments  panels of the svg filmstrip, \(ExportOptions.momentsRange.lowerBound)...\(ExportOptions.momentsRange.upperBound) (default \(ExportOptions.defaultMoments))
          --keyframes  waapi keyframes: sampled (default) or compact (one animation per track,
                     eased by the browser)

        """,
      pipeline: { PlanningService().planBody($0, format: $1, options: $2) })
  }
}
