/// `"retarget": {"from", "at", "policy"}`: the request in flight, the moment of its plan at which
/// its destination moved, and how running tracks carry their motion into the new one
/// (docs/TIMING.md section 14).
public struct RetargetSpec: Sendable, Hashable {
  /// The in-flight request, exactly as sent (its own `retarget` included: chains). Boxed: a
  /// request cannot hold a request inline.
  public var from: PlanRequest {
    get { box.request }
    set { box = RequestBox(newValue) }
  }
  /// tau: the in-flight plan's time, (0, its duration].
  public var at: Double
  /// nil: the default, which follows the new timing (spring for springs, else additive).
  public var policy: RetargetPolicy?

  private var box: RequestBox

  public init(from: PlanRequest, at: Double, policy: RetargetPolicy? = nil) {
    self.box = RequestBox(from)
    self.at = at
    self.policy = policy
  }

  /// How deep retargets nest here: 1 for a request whose `from` has none.
  public var depth: Int { 1 + (from.retarget?.depth ?? 0) }

  /// Retargets nest at most this deep (the request's own is depth 1).
  public static let maximumDepth = 4
}

/// How a track that is running at the retarget moment continues.
public enum RetargetPolicy: String, Sendable, Hashable, CaseIterable {
  /// A spring of the new timing's mass, stiffness and damping that starts with the track's
  /// velocity (docs/TIMING.md section 14, docs/API.md "Retargeting").
  case spring
  /// The in-flight track keeps running under an offset that eases to the new end (the same
  /// sections).
  case additive
}

/// The `retarget` echo of a plan: `{"at", "policy", "fromDuration"}`.
public struct RetargetEcho: Sendable, Hashable {
  /// The number sent.
  public var at: Double
  /// `spring`, `additive`, or `dissolve` under reduced motion.
  public var policy: String
  /// The in-flight plan's duration.
  public var fromDuration: Double

  public init(at: Double, policy: String, fromDuration: Double) {
    self.at = at
    self.policy = policy
    self.fromDuration = fromDuration
  }
}

private final class RequestBox: Sendable, Hashable {
  let request: PlanRequest

  init(_ request: PlanRequest) { self.request = request }

  static func == (a: RequestBox, b: RequestBox) -> Bool { a.request == b.request }
  func hash(into hasher: inout Hasher) { hasher.combine(request) }
}
