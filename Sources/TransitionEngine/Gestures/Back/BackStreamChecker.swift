/// The stream rules of a `back` stream (docs/GESTURES.md 4.1, 7), sample by sample, so that
/// each violation is reported at its own field: times as a pan's, `began` first or right
/// after `cancelled`, `moved` / `invoked` / `cancelled` inside an open gesture, `invoked` last,
/// and one swipe edge per gesture.
///
/// A rule that needs a value which is itself bad is not checked: a sample whose state could
/// not be read is skipped, and what it would have opened or closed is unknown until the next
/// `began` (the wire layer passes nil for what it has already reported).
public struct BackStreamChecker: Sendable {
  private var times: GestureStreamChecker
  /// Whether a gesture is open; nil when an unreadable state left it unknown.
  private var open: Bool? = false
  /// The previous sample's state; nil when unreadable.
  private var previous: BackEventState?
  /// The current gesture's edge, when its `began` gave a readable one.
  private var edge: SwipeEdge?

  public init(
    count: Int, maximumSamples: Int = GestureStreamChecker.defaultMaximumSamples,
    maximumSpan: Double = GestureStreamChecker.defaultMaximumSpan
  ) {
    times = GestureStreamChecker(
      count: count, maximumSamples: maximumSamples, maximumSpan: maximumSpan)
  }

  public static let stateNames = BackEventState.allCases.map(\.rawValue)

  /// The problem with the stream's length, if any (then its samples are not checked further).
  public func countIssue() -> PlanError? { times.countIssue() }

  /// The sample's `swipeEdge` against its gesture's (a value rule, reported with the sample's
  /// other values): given on a later sample of a gesture with another value.
  public mutating func edgeIssue(index: Int, state: BackEventState?, edge given: SwipeEdge?)
    -> PlanError?
  {
    guard let state else { return nil }
    if state == .began {
      edge = given
      return nil
    }
    guard let given, let edge, given != edge else { return nil }
    return PlanError(
      field: GestureStreamChecker.field(index, "swipeEdge"),
      message: "must be \(edge.rawValue), its gesture's swipeEdge")
  }

  /// The stream rules sample `index` breaks, given its `t` and `state` when readable: `t`'s
  /// first, then at most one of `state`'s.
  public mutating func check(index: Int, t: Double?, state: BackEventState?) -> [PlanError] {
    var issues = times.check(index: index, t: t, state: nil)
    defer { previous = state }
    guard let state else {
      open = nil
      return issues
    }
    func fail(_ message: String) {
      issues.append(PlanError(field: GestureStreamChecker.field(index, "state"), message: message))
    }
    if index == 0, state != .began {
      fail("must be began: a stream starts with its began sample")
    } else if state == .began, index > 0, let previous, previous != .cancelled {
      fail("began is allowed only as the first sample or right after cancelled")
    } else if state != .began, open == false {
      fail(
        "\(state.rawValue) needs an open gesture: a began before it and no invoked or cancelled since"
      )
    } else if state == .invoked, index < times.count - 1 {
      fail("invoked is allowed only as the last sample")
    }
    switch state {
    // A stream's first sample opens its gesture even when it is not a began: one error for
    // the start, not one for every sample after it.
    case .began: open = true
    case .moved: if index == 0 { open = true }
    case .invoked, .cancelled: open = false
    }
    return issues
  }
}
