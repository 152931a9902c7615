/// The three ways an app shows Android's predictive back (docs/GESTURES.md 4.4).
public enum BackPattern: String, Sendable, Hashable, CaseIterable {
  /// The system's animation between activities (AOSP's window-manager shell).
  case crossActivity
  /// Material's full-screen surfaces: the surface shrinks, the content fades through.
  case fullScreen
  /// Material's shared-element transition: the surface detaches while the elements fly.
  case sharedElement
}

/// The edge a back swipe started from (`BackEvent.getSwipeEdge()`; `none` is API 36's
/// `EDGE_NONE`, a button or a gesture without an edge).
public enum SwipeEdge: String, Sendable, Hashable, CaseIterable {
  case left, right, none

  /// -1 for a right-edge swipe, +1 otherwise: `none` behaves as `left`, as in AOSP and
  /// Flutter (docs/GESTURES.md 9.2).
  var direction: Double { self == .right ? -1 : 1 }
}

/// Which `OnBackAnimationCallback` call a sample records.
public enum BackEventState: String, Sendable, Hashable, CaseIterable {
  /// `onBackStarted`: opens a gesture.
  case began
  /// `onBackProgressed`.
  case moved
  /// `onBackInvoked`: the commit; only the last sample.
  case invoked
  /// `onBackCancelled`: the gesture springs back; a new `began` may follow.
  case cancelled
}

/// One `BackEvent` as the app received it.
public struct BackSample: Sendable, Hashable {
  /// Seconds, never decreasing (`frameTimeMillis / 1000` makes a good one).
  public var t: Double
  public var state: BackEventState
  /// [0, 1]; nil only on `invoked` / `cancelled`, which then keep the previous sample's.
  public var progress: Double?
  /// Pixels; nil when absent (the previous sample's within the gesture, null on `began`),
  /// NaN for the null of a button press, which does not inherit.
  public var touchX: Double?
  public var touchY: Double?
  /// Required on `began`; elsewhere nil or its gesture's.
  public var swipeEdge: SwipeEdge?

  public init(
    t: Double, state: BackEventState, progress: Double? = nil, touchX: Double? = nil,
    touchY: Double? = nil, swipeEdge: SwipeEdge? = nil
  ) {
    self.t = t
    self.state = state
    self.progress = progress
    self.touchX = touchX
    self.touchY = touchY
    self.swipeEdge = swipeEdge
  }
}

/// A predictive-back stream over a pop or dismiss plan (docs/GESTURES.md 2, 4).
public struct BackGesture: Sendable, Hashable {
  public var pattern: BackPattern
  /// Pixels per point of `touchX` / `touchY`, (0, 100].
  public var density: Double
  public var parameters: BackParameters
  public var samples: [BackSample]

  public init(
    pattern: BackPattern = .crossActivity, density: Double = 1,
    parameters: BackParameters = BackParameters(), samples: [BackSample]
  ) {
    self.pattern = pattern
    self.density = density
    self.parameters = parameters
    self.samples = samples
  }
}

/// A `back` interaction: the plan the stream drives, and the stream.
public struct BackRequest: GestureRequest, Hashable {
  public typealias Kind = BackPlanner

  public var transition: PlanRequest
  public var gesture: BackGesture

  public init(transition: PlanRequest, gesture: BackGesture) {
    self.transition = transition
    self.gesture = gesture
  }
}
