/// The state of a pan gesture recogniser at one sample (`UIGestureRecognizer.State`).
public enum GestureState: String, Sendable, Hashable, CaseIterable {
  case began, changed, ended, cancelled, failed

  /// `ended`, `cancelled` and `failed` end a stream: they may only be its last sample.
  public var endsStream: Bool {
    switch self {
    case .began, .changed: false
    case .ended, .cancelled, .failed: true
    }
  }
}
