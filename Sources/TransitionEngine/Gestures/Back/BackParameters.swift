/// The constants of `back`, each overridable (docs/GESTURES.md 4.6). The defaults are AOSP's,
/// Material Components' and the Android design guide's; docs/GESTURES.md "Constants" gives
/// each one's source and how sure it is.
public struct BackParameters: Sendable, Hashable {
  public var minScale = 0.9
  public var edgeMargin = 8.0
  public var cornerRadius = 32.0
  public var gestureCurve = GestureCurve.named(.backGesture)
  public var enteringOffset = 96.0
  public var scrimAlpha = 0.2
  public var commitDuration = 0.45
  /// nil: the pattern's default (``commitCurve(for:)``).
  public var commitCurve: GestureCurve? = nil
  public var commitFraction = CommitFraction.accelerateDecelerate
  public var closingFadeRate = 5.0
  public var cancelStiffness = 1500.0
  public var cancelDampingRatio = 1.0
  public var fling = true
  public var flingStiffness = 200.0
  public var flingDampingRatio = 0.75
  public var flingMaxVelocity = 1000.0
  public var flingDefaultVelocity = 120.0
  public var flingMinProgress = 0.1
  public var maxTranslationY = 24.0
  public var enterScale = 1.1
  public var exitFadeEnd = 0.35
  public var enterFadeStart = 0.35
  public var commitDurationMax = 0.3
  public var commitDurationMin = 0.15
  public var cancelDuration = 0.1
  public var cancelCurve = GestureCurve.named(.accelerateDecelerate)

  public init() {}

  /// EMPHASIZED for the system's crossActivity commit, Material's standard curve in app.
  public func commitCurve(for pattern: BackPattern) -> GestureCurve {
    commitCurve ?? .named(pattern == .crossActivity ? .emphasized : .fastOutSlowIn)
  }

  /// `parameter`'s resolved value under `pattern`.
  public func value(of parameter: BackParameter, pattern: BackPattern) -> ParameterValue {
    switch parameter {
    case .minScale: .number(minScale)
    case .edgeMargin: .number(edgeMargin)
    case .cornerRadius: .number(cornerRadius)
    case .gestureCurve: .curve(gestureCurve)
    case .enteringOffset: .number(enteringOffset)
    case .scrimAlpha: .number(scrimAlpha)
    case .commitDuration: .number(commitDuration)
    case .commitCurve: .curve(commitCurve(for: pattern))
    case .commitFraction: .fraction(commitFraction)
    case .closingFadeRate: .number(closingFadeRate)
    case .cancelStiffness: .number(cancelStiffness)
    case .cancelDampingRatio: .number(cancelDampingRatio)
    case .fling: .boolean(fling)
    case .flingStiffness: .number(flingStiffness)
    case .flingDampingRatio: .number(flingDampingRatio)
    case .flingMaxVelocity: .number(flingMaxVelocity)
    case .flingDefaultVelocity: .number(flingDefaultVelocity)
    case .flingMinProgress: .number(flingMinProgress)
    case .maxTranslationY: .number(maxTranslationY)
    case .enterScale: .number(enterScale)
    case .exitFadeEnd: .number(exitFadeEnd)
    case .enterFadeStart: .number(enterFadeStart)
    case .commitDurationMax: .number(commitDurationMax)
    case .commitDurationMin: .number(commitDurationMin)
    case .cancelDuration: .number(cancelDuration)
    case .cancelCurve: .curve(cancelCurve)
    }
  }

  /// Sets `parameter` (a value of its kind; others are ignored).
  public mutating func set(_ parameter: BackParameter, _ value: ParameterValue) {
    switch (parameter, value) {
    case (.gestureCurve, .curve(let c)): gestureCurve = c
    case (.commitCurve, .curve(let c)): commitCurve = c
    case (.cancelCurve, .curve(let c)): cancelCurve = c
    case (.commitFraction, .fraction(let f)): commitFraction = f
    case (.fling, .boolean(let b)): fling = b
    case (_, .number(let v)): setNumber(parameter, v)
    default: break
    }
  }

  private mutating func setNumber(_ parameter: BackParameter, _ v: Double) {
    switch parameter {
    case .minScale: minScale = v
    case .edgeMargin: edgeMargin = v
    case .cornerRadius: cornerRadius = v
    case .enteringOffset: enteringOffset = v
    case .scrimAlpha: scrimAlpha = v
    case .commitDuration: commitDuration = v
    case .closingFadeRate: closingFadeRate = v
    case .cancelStiffness: cancelStiffness = v
    case .cancelDampingRatio: cancelDampingRatio = v
    case .flingStiffness: flingStiffness = v
    case .flingDampingRatio: flingDampingRatio = v
    case .flingMaxVelocity: flingMaxVelocity = v
    case .flingDefaultVelocity: flingDefaultVelocity = v
    case .flingMinProgress: flingMinProgress = v
    case .maxTranslationY: maxTranslationY = v
    case .enterScale: enterScale = v
    case .exitFadeEnd: exitFadeEnd = v
    case .enterFadeStart: enterFadeStart = v
    case .commitDurationMax: commitDurationMax = v
    case .commitDurationMin: commitDurationMin = v
    case .cancelDuration: cancelDuration = v
    default: break
    }
  }
}

/// The names of ``BackParameters`` in docs/GESTURES.md 4.6's order (the order a request's
/// parameters are checked in), with their kinds and the patterns that use them.
public enum BackParameter: String, Sendable, Hashable, CaseIterable {
  case minScale, edgeMargin, cornerRadius, gestureCurve, enteringOffset, scrimAlpha
  case commitDuration, commitCurve, commitFraction, closingFadeRate, cancelStiffness
  case cancelDampingRatio, fling, flingStiffness, flingDampingRatio, flingMaxVelocity
  case flingDefaultVelocity, flingMinProgress, maxTranslationY, enterScale, exitFadeEnd
  case enterFadeStart, commitDurationMax, commitDurationMin, cancelDuration, cancelCurve

  public var kind: ParameterKind {
    switch self {
    case .minScale: .number(.leftOpen(0, 1))
    case .edgeMargin, .cornerRadius, .maxTranslationY: .number(.closed(0, 1000))
    case .enteringOffset: .number(.closed(0, 10_000))
    case .scrimAlpha, .flingMinProgress: .number(.closed(0, 1))
    case .commitDuration, .commitDurationMax, .commitDurationMin, .cancelDuration:
      .number(.leftOpen(0, 10))
    case .closingFadeRate: .number(.closed(0, 100))
    case .cancelStiffness, .flingStiffness: .number(.leftOpen(0, 100_000))
    case .cancelDampingRatio: .number(.leftOpen(0, 1))
    case .flingDampingRatio: .number(.leftOpen(0, 2))
    case .flingMaxVelocity, .flingDefaultVelocity: .number(.closed(0, 100_000))
    case .enterScale: .number(.leftOpen(0, 10))
    case .exitFadeEnd: .number(.leftOpen(0, 1))
    case .enterFadeStart: .number(.rightOpen(0, 1))
    case .gestureCurve, .commitCurve, .cancelCurve: .curve
    case .fling: .boolean
    case .commitFraction: .fraction
    }
  }

  private static let common: [BackParameter] = [
    .minScale, .edgeMargin, .cornerRadius, .gestureCurve,
  ]
  private static let inAppCompletion: [BackParameter] = [
    .commitDurationMax, .commitDurationMin, .commitCurve, .cancelDuration, .cancelCurve,
  ]

  /// The parameters `pattern` uses, in the order its answer echoes them (docs/GESTURES.md 4.6).
  public static func echoed(by pattern: BackPattern) -> [BackParameter] {
    switch pattern {
    case .crossActivity:
      common + [
        .enteringOffset, .scrimAlpha, .commitDuration, .commitCurve, .commitFraction,
        .closingFadeRate, .cancelStiffness, .cancelDampingRatio, .fling, .flingStiffness,
        .flingDampingRatio, .flingMaxVelocity, .flingDefaultVelocity, .flingMinProgress,
      ]
    case .fullScreen:
      common + [.maxTranslationY, .enterScale, .exitFadeEnd, .enterFadeStart] + inAppCompletion
    case .sharedElement: common + inAppCompletion
    }
  }

  /// The parameters `pattern` reads, in 4.6's order.
  public static func read(by pattern: BackPattern) -> [BackParameter] {
    let used = Set(echoed(by: pattern))
    return allCases.filter(used.contains)
  }
}
