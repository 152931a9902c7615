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
}
