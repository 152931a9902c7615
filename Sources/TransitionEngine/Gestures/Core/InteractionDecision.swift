/// Where a gesture-driven transition goes.
public enum InteractionDecision: String, Sendable, Hashable {
  case finish, cancel
  /// The stream has no end sample yet: the timeline stops at its last sample.
  case pending
}
