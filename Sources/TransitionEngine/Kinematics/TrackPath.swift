/// A plain track's path, public: the value of `from -> to` at any progress u (the arc's centre
/// along its curve, a transform along its decomposition), as the sampler computes it. An
/// export that evaluates a track on its own clock (a sampled native row) reads it.
public struct TrackPath: Sendable {
  private let path: PlainPath

  /// The path of a plain track (a spring or additive track has no path: its
  /// ``TrackKinematics`` gives its values).
  public init(_ track: Track) { path = PlainPath(track) }

  public func value(at u: Double) -> PropertyValue { path.value(u: u) }

  /// A frame or content frame path's rect at `u`: ``value(at:)``'s, without the enum value
  /// (the native sampler evaluates an arc a thousand times per hero document).
  public func rect(at u: Double) -> Rect { path.rect(u: u) }
}
