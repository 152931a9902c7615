import PlannerService

/// `transition-planner interact [FILE] [--pretty]`: `POST /v1/interactions` without the network.
enum InteractCommand {
  static func run(_ arguments: [String]) -> Int32 {
    OfflineCommand.run(
      arguments, command: "interact",
      help:
        "Usage: transition-planner interact [FILE] [--pretty]\n  Reads an interaction request (a transition, a recorded pan, a release policy; FILE or\n  stdin, '-' for stdin) and writes the decision, the completion and the keyframes.\n",
      pipeline: PlanningService().interactJSON)
  }
}
