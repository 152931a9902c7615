/// What a style puts on screen, before timing: layers bottom to top and the discrete actions.
public struct Choreography: Sendable, Hashable {
  public var layers: [Layer]
  public var actions: Actions

  public init(layers: [Layer], actions: Actions) {
    self.layers = layers
    self.actions = actions
  }

  /// The latest delay of any track (0 without delays): a plan lasts its timing's duration
  /// plus this (docs/TIMING.md section 8).
  public var latestDelay: Double { layers.reduce(0) { max($0, $1.latestDelay) } }

  /// How long a plan of this choreography lasts with `timing`: the largest end over its
  /// tracks (delay + duration, a track's own timing where it has one; a retarget motion's
  /// end), at least the timing's duration (docs/TIMING.md sections 10 and 14).
  public func duration(with timing: Timing) -> Double {
    var end = timing.duration
    for layer in layers {
      for track in layer.tracks { end = max(end, track.end(planTiming: timing)) }
    }
    return end
  }
}
