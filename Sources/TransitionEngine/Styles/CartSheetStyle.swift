/// Seed 003: the JD.com "add to cart" sheet. The presenting screen tilts back and shrinks while
/// a sheet slides up from the bottom; dismiss reverses it.
public struct CartSheetStyle: TransitionStyle {
  public init() {}

  public let name = "cartSheet"
  public let summary =
    "The presenting screen tilts back and shrinks while a sheet slides up from the bottom."
  public let operations: [TransitionOperation] = [.present, .dismiss]
  public let requiredInputs: [SceneInput] = []

  public func defaultTiming(for operation: TransitionOperation) -> StyleTiming {
    StyleTiming(duration: 0.5, curve: .easeInOut)
  }

  /// `Concat(Concat(Rotation(tilt, 1, 0, 0), Scale(sx, sy, 1)), P)`. The seed assigns m34 and
  /// then overwrites the whole transform, so by default no perspective renders.
  public static func tilt(_ options: StyleOptions) -> Transform3D {
    let tilted = Transform3D.rotation(angle: options.tilt, x: 1, y: 0, z: 0)
      .concatenating(.scale(x: options.scaleX, y: options.scaleY, z: 1))
    guard let d = options.perspective else { return tilted }
    return tilted.concatenating(.perspective(eyeDistance: d))
  }

  public func choreography(for scene: Scene, operation: TransitionOperation) -> Choreography {
    let w = scene.container.width
    let h = scene.container.height
    let tilt = Self.tilt(scene.options)
    let sheetFrame = Rect(x: 0, y: h, width: w, height: h)
    let raised = Transform3D.translation(x: 0, y: -h, z: 0)
    let bottomCenter = Point(x: 0.5, y: 1)

    if operation == .present {
      return Choreography(
        layers: [
          Layer(
            id: "fromSnapshot", content: .snapshot(.from), anchor: bottomCenter,
            frame: scene.bounds,
            tracks: [.transform(from: .identity, to: tilt)]),
          Layer(
            id: "toView", content: .screen(.to), frame: sheetFrame,
            tracks: [.transform(from: .identity, to: raised)]),
        ],
        actions: Actions(
          start: [Action(.screen(.from), .hidden(true))], finish: [],
          cancel: [Action(.screen(.from), .hidden(false)), Action(.layer("fromSnapshot"), .remove)])
      )
    }
    return Choreography(
      layers: [
        Layer(
          id: "toSnapshot", content: .snapshot(.to), anchor: bottomCenter, frame: scene.bounds,
          tracks: [.transform(from: tilt, to: .identity)]),
        Layer(
          id: "fromView", content: .screen(.from), frame: sheetFrame,
          tracks: [.transform(from: raised, to: .identity)]),
      ],
      actions: Actions(
        start: [],
        finish: [Action(.screen(.to), .hidden(false)), Action(.layer("toSnapshot"), .remove)],
        cancel: []))
  }
}
