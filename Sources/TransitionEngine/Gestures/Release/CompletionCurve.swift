/// The curve of a percent-driven completion (`UIView.AnimationCurve`): it maps the completion's
/// wall-clock fraction to the fraction of the remaining animation time.
public enum CompletionCurve: String, Sendable, Hashable, CaseIterable {
  case linear, easeIn, easeOut, easeInOut

  public static let `default` = CompletionCurve.easeInOut

  public var bezier: UnitBezier {
    switch self {
    case .linear: .linear
    case .easeIn: .easeIn
    case .easeOut: .easeOut
    case .easeInOut: .easeInOut
    }
  }
}
