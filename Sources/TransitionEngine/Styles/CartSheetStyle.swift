/// Seed 003: the JD.com "add to cart" sheet. The presenting screen tilts back and shrinks while
/// a sheet slides up from the bottom; dismiss reverses it.
public struct CartSheetStyle: TransitionStyle {
  public init() {}

  public let name = "cartSheet"
  public let summary =
    "The presenting screen tilts back and shrinks while a sheet slides up from the bottom."
  public let operations: [TransitionOperation] = [.present, .dismiss]
  public var inputs: [StyleInput] { Self.declarations }

  /// Where cartSheet's defaults are written (``CartSheetOptions`` reads them from here).
  static let declarations: [StyleInput] = [
    StyleInput(
      "options",
      .object([
        StyleInput(
          "tilt", .number(.closed(-2 * Double.pi, 2 * Double.pi), defaultValue: 0.1),
          summary: "radians about the x axis"),
        StyleInput(
          "scale",
          .object([
            StyleInput("x", .number(.leftOpen(0, 10), defaultValue: 0.85), summary: "width factor"),
            StyleInput(
              "y", .number(.leftOpen(0, 10), defaultValue: 0.95), summary: "height factor"),
          ]), summary: "the presenting screen's scale"),
        StyleInput(
          "perspective", .number(.closed(1, 1e7), defaultValue: nil),
          summary: "eye distance in points (m34 = -1/d); absent: no perspective, as the seed"),
      ]), summary: "how the presenting screen tilts back")
  ]

  /// The options of a scene, defaults filled in.
  public static func options(_ scene: Scene) -> CartSheetOptions {
    let o = scene.inputs.object("options")
    let scale = o.object("scale")
    let defaults = CartSheetOptions.declared
    return CartSheetOptions(
      tilt: o.number("tilt") ?? defaults.tilt, scaleX: scale.number("x") ?? defaults.scaleX,
      scaleY: scale.number("y") ?? defaults.scaleY, perspective: o.number("perspective"))
  }

  public func defaultTiming(for scene: Scene, operation: TransitionOperation) -> StyleTiming {
    StyleTiming(duration: 0.5, curve: .easeInOut)
  }

  /// `Concat(Concat(Rotation(tilt, 1, 0, 0), Scale(sx, sy, 1)), P)`. The seed assigns m34 and
  /// then overwrites the whole transform, so by default no perspective renders.
  public static func tilt(_ options: CartSheetOptions) -> Transform3D {
    let tilted = Transform3D.rotation(angle: options.tilt, x: 1, y: 0, z: 0)
      .concatenating(.scale(x: options.scaleX, y: options.scaleY, z: 1))
    guard let d = options.perspective else { return tilted }
    return tilted.concatenating(.perspective(eyeDistance: d))
  }

  public func choreography(for scene: Scene, operation: TransitionOperation) -> Choreography {
    let w = scene.container.width
    let h = scene.container.height
    let tilt = Self.tilt(Self.options(scene))
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

/// cartSheet's knobs (its `options` input).
public struct CartSheetOptions: Sendable, Hashable {
  /// Radians about the x axis.
  public var tilt: Double
  public var scaleX: Double
  public var scaleY: Double
  /// Eye distance in points (m34 = -1/d); nil renders without perspective, as the seed does.
  public var perspective: Double?

  public init(
    tilt: Double = declared.tilt, scaleX: Double = declared.scaleX,
    scaleY: Double = declared.scaleY, perspective: Double? = nil
  ) {
    self.tilt = tilt
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.perspective = perspective
  }

  /// The defaults, as cartSheet's declaration writes them.
  public static let declared: CartSheetOptions = {
    let options = CartSheetStyle.declarations.named("options")
    let scale = options.member("scale")
    return CartSheetOptions(
      tilt: options.member("tilt").declaredNumber, scaleX: scale.member("x").declaredNumber,
      scaleY: scale.member("y").declaredNumber, perspective: nil)
  }()

  /// The `options` input these give.
  public var inputs: StyleValues {
    var scale = StyleValues()
    scale["x"] = .number(scaleX)
    scale["y"] = .number(scaleY)
    var o = StyleValues()
    o["tilt"] = .number(tilt)
    o["scale"] = .object(scale)
    if let perspective { o["perspective"] = .number(perspective) }
    var inputs = StyleValues()
    inputs["options"] = .object(o)
    return inputs
  }
}
