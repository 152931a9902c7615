import JSON
import TransitionEngine

/// How the engine's values are spelled on the wire (docs/API.md "The plan (200)"): the one place a
/// rect, a size, a matrix, a timing or a layer's content becomes JSON. The plan, interaction
/// and export encoders write their documents' shapes with these.
extension JSONWriter {
  /// `{"x":..,"y":..,"width":..,"height":..}`
  @inline(__always)
  public mutating func rect(_ r: Rect) {
    raw("{\"x\":")
    number(r.x)
    raw(",\"y\":")
    number(r.y)
    raw(",\"width\":")
    number(r.width)
    raw(",\"height\":")
    number(r.height)
    byte(UInt8(ascii: "}"))
  }

  /// `{"x":..,"y":..}`
  public mutating func point(_ p: Point) {
    raw("{\"x\":")
    number(p.x)
    raw(",\"y\":")
    number(p.y)
    byte(UInt8(ascii: "}"))
  }

  /// `{"width":..,"height":..}`
  public mutating func size(_ s: Size) {
    raw("{\"width\":")
    number(s.width)
    raw(",\"height\":")
    number(s.height)
    byte(UInt8(ascii: "}"))
  }

  /// A CATransform3D as its 16 fields in row order, `[m11, m12, ..., m44]`.
  @inline(__always)
  public mutating func transform(_ t: Transform3D) {
    byte(UInt8(ascii: "["))
    number(t.m11)
    for v in [
      t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42,
      t.m43, t.m44,
    ] {
      byte(UInt8(ascii: ","))
      number(v)
    }
    byte(UInt8(ascii: "]"))
  }

  /// A transform's 17 parts (or their velocities) as
  /// `{"perspective":[4],"translate":[3],"scale":[3],"skew":[3],"quaternion":[4]}`.
  public mutating func parts(_ v: [Double]) {
    let groups: [(StaticString, Range<Int>)] = [
      ("perspective", 0..<4), ("translate", 4..<7), ("scale", 7..<10), ("skew", 10..<13),
      ("quaternion", 13..<17),
    ]
    byte(UInt8(ascii: "{"))
    for (g, (name, range)) in groups.enumerated() {
      if g > 0 { byte(UInt8(ascii: ",")) }
      key(name)
      byte(UInt8(ascii: "["))
      for i in range {
        if i != range.lowerBound { byte(UInt8(ascii: ",")) }
        number(v[i])
      }
      byte(UInt8(ascii: "]"))
    }
    byte(UInt8(ascii: "}"))
  }

  /// What a layer shows: `{"kind":..., ...}` with the members of its kind.
  public mutating func content(_ content: LayerContent) {
    switch content {
    case .screen(let screen):
      raw("{\"kind\":\"screen\",\"screen\":")
      string(screen.rawValue)
    case .snapshot(let screen):
      raw("{\"kind\":\"snapshot\",\"screen\":")
      string(screen.rawValue)
    case .element(let screen, let element, let mode):
      raw("{\"kind\":\"element\",\"screen\":")
      string(screen.rawValue)
      raw(",\"element\":")
      string(element.rawValue)
      raw(",\"contentMode\":")
      string(mode.rawValue)
    case .slice(let screen, let r):
      raw("{\"kind\":\"slice\",\"screen\":")
      string(screen.rawValue)
      raw(",\"rect\":")
      rect(r)
    case .color(let color):
      raw("{\"kind\":\"color\",\"color\":")
      string(color)
    }
    byte(UInt8(ascii: "}"))
  }

  /// The resolved timing: its duration and the curve with every parameter the engine used,
  /// the spring's mass, stiffness and damping included.
  public mutating func timing(_ timing: Timing) {
    raw("{\"duration\":")
    number(timing.duration)
    raw(",\"curve\":{\"type\":")
    string(timing.curve.typeName)
    switch timing.curve {
    case .bezier(_, let b):
      field("x1", b.x1)
      field("y1", b.y1)
      field("x2", b.x2)
      field("y2", b.y2)
    case .spring(let ratio, let velocity, let s):
      field("dampingRatio", ratio)
      field("initialVelocity", velocity)
      springFields(s)
    case .springPhysics(let allow, let s):
      springFields(s)
      field("initialVelocity", s.initialVelocity)
      raw(",\"allowOverdamping\":")
      bool(allow)
    case .springResponse(let response, let ratio, let s):
      field("response", response)
      field("dampingRatio", ratio)
      springFields(s)
      // Only when given: plans without it keep their bytes (docs/API.md).
      if s.initialVelocity != 0 { field("initialVelocity", s.initialVelocity) }
    case .springBounce(let d, let bounce, let s):
      field("duration", d)
      field("bounce", bounce)
      springFields(s)
      if s.initialVelocity != 0 { field("initialVelocity", s.initialVelocity) }
    }
    raw("}}")
  }

  private mutating func field(_ name: StaticString, _ v: Double) {
    raw(",")
    key(name)
    number(v)
  }

  private mutating func springFields(_ s: DampedSpring) {
    field("mass", s.mass)
    field("stiffness", s.stiffness)
    field("damping", s.damping)
  }
}
