import PlannerService

/// `transition-planner plan [FILE] [--pretty]`: the HTTP pipeline without the network.
enum PlanCommand {
  static func run(_ arguments: [String]) -> Int32 {
    OfflineCommand.run(
      arguments, command: "plan",
      help:
        "Usage: transition-planner plan [FILE] [--pretty]\n  Reads a plan request (FILE or stdin, '-' for stdin) and writes the plan.\n",
      pipeline: PlanningService().planJSON)
  }
}
