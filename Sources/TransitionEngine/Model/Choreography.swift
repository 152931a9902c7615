/// What a style puts on screen, before timing: layers bottom to top and the discrete actions.
public struct Choreography: Sendable, Hashable {
  public var layers: [Layer]
  public var actions: Actions

  public init(layers: [Layer], actions: Actions) {
    self.layers = layers
    self.actions = actions
  }
}
