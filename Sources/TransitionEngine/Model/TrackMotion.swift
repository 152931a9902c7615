/// How a track of a retarget plan moves when it is not a plain `from -> to` under a timing
/// (docs/TIMING.md 14): a spring that inherited the in-flight velocity, or the in-flight track
/// still running under an offset.
public enum TrackMotion: Sendable, Hashable {
  case spring(SpringMotion)
  case additive(AdditiveMotion)

  /// The track's end b, from which it holds its `to` exactly.
  public var end: Double {
    switch self {
    case .spring(let s): s.end
    case .additive(let a): a.end
    }
  }
}

/// A spring track: each component springs from the in-flight value to the new end with the
/// timing's mass, stiffness and damping, starting with the in-flight velocity.
public struct SpringMotion: Sendable, Hashable {
  /// The in-flight velocity in vector form (units per second; a transform's 17 parts).
  public var velocity: [Double]
  /// max(T, the settling time): when the track ends.
  public var end: Double
  /// A transform's parts at both ends, the `to` quaternion aligned with the `from` one.
  public var parts: PartsPair?

  public init(velocity: [Double], end: Double, parts: PartsPair? = nil) {
    self.velocity = velocity
    self.end = end
    self.parts = parts
  }
}

/// A transform spring's parts at its two ends.
public struct PartsPair: Sendable, Hashable {
  public var from: TransformParts
  public var to: TransformParts

  public init(from: TransformParts, to: TransformParts) {
    self.from = from
    self.to = to
  }
}

/// An additive track: the in-flight track keeps running on its own clock (already `at`
/// seconds in), offset by a plain leg from its `to` to the new end.
public struct AdditiveMotion: Sendable, Hashable {
  /// tau: how far the in-flight plan had run.
  public var at: Double
  /// The in-flight track, with its timing always set (its own, else its plan's).
  public var inner: Track
  /// max(T, the in-flight track's end - tau).
  public var end: Double

  public init(at: Double, inner: Track, end: Double) {
    self.at = at
    self.inner = inner
    self.end = end
  }
}
