/// Which way a transition goes. Navigation styles push and pop; sheets present and dismiss.
public enum TransitionOperation: String, Sendable, Hashable, CaseIterable {
  case push, pop, present, dismiss
}
