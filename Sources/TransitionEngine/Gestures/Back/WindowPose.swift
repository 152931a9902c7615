/// A window similarity (docs/GESTURES.md 4.3): container point q goes to `(x, y) + s q`, a
/// rect at (x, y) of size (s W, s H). A pattern gives one per group of layers.
struct WindowPose: Sendable, Hashable {
  var x: Double
  var y: Double
  var s: Double

  static let identity = WindowPose(x: 0, y: 0, s: 1)

  var isIdentity: Bool { x == 0 && y == 0 && s == 1 }

  /// The pose of a window whose rect is `rect` in a container `width` wide.
  init(rect: Rect, containerWidth width: Double) {
    self.init(x: rect.x, y: rect.y, s: rect.width / width)
  }

  init(x: Double, y: Double, s: Double) {
    self.x = x
    self.y = y
    self.s = s
  }

  /// The rect the container takes under this pose.
  func rect(container: Size) -> Rect {
    Rect(x: x, y: y, width: s * container.width, height: s * container.height)
  }

  /// The transform of a layer with plan transform `t`, frame and anchor under this pose:
  /// `Concat(t, Concat(Scale(s, s, 1), Translation(e)))` with `e = (x, y) - (1 - s) P`, P the
  /// layer's position: its own transform first, then the window's similarity about the
  /// position. The identity pose leaves `t` as it is, without a multiplication.
  func transform(_ t: Transform3D, frame: Rect, anchor: Point) -> Transform3D {
    guard !isIdentity else { return t }
    let p = frame.position(anchor: anchor)
    var window = Transform3D.scale(x: s, y: s, z: 1)
    window.m41 = x - (1 - s) * p.x
    window.m42 = y - (1 - s) * p.y
    return t.concatenating(window)
  }
}
