/// When a list of discrete actions applies.
public enum ActionPhase: String, Sendable, Hashable {
  case start, finish, cancel
}
