extension TransitionOperation {
  /// `push` and `present` go forward, `pop` and `dismiss` back (docs/STYLES.md "hero": the
  /// math depends only on that).
  public var isForward: Bool { self == .push || self == .present }
}
