/// A property's value and velocity at one instant of a plan (docs/TIMING.md 14).
public struct PropertyState: Sendable, Hashable {
  public var value: PropertyValue
  /// The value in vector form: 1 number, a rect's 4, a transform's 17 parts (the path's own,
  /// quaternion sign included); empty for a transform without parts (a singular end).
  public var vector: [Double]
  /// The time derivative of ``vector``, per second; zeros outside a track's open span.
  public var velocity: [Double]

  public init(value: PropertyValue, vector: [Double], velocity: [Double]) {
    self.value = value
    self.vector = vector
    self.velocity = velocity
  }

  /// A value that stands still.
  public init(held value: PropertyValue) {
    let vector = value.vector ?? []
    self.init(value: value, vector: vector, velocity: Array(repeating: 0, count: vector.count))
  }
}
