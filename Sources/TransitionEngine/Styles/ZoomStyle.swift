/// Seed 000: the photo cell's image zooms into the detail image (spring push, ease-in-out pop).
public struct ZoomStyle: TransitionStyle {
  public init() {}

  public let name = "zoom"
  public let summary =
    "The selected image zooms into the detail screen's image while the detail screen fades in."
  public let operations: [TransitionOperation] = [.push, .pop]
  public let inputs: [StyleInput] = [.source, .destination]

  public func defaultTiming(for scene: Scene, operation: TransitionOperation) -> StyleTiming {
    switch operation {
    // The seed passes `.curveLinear`, which UIKit ignores for springs.
    case .push: StyleTiming(duration: 1.0, curve: .spring(dampingRatio: 0.6, initialVelocity: 1.0))
    default: StyleTiming(duration: 0.25, curve: .easeInOut)
    }
  }

  public func choreography(for scene: Scene, operation: TransitionOperation) -> Choreography {
    let bounds = scene.bounds
    let source = scene.source ?? bounds
    let destination = scene.destination ?? bounds
    // Both elements are hidden while the snapshot stands in for them. The seed shows only the
    // source after a pop and leaves it hidden after a cancelled pop; both are fixed here.
    let showBoth = [
      Action(.element(.source), .hidden(false)), Action(.element(.destination), .hidden(false)),
      Action(.layer("snapshot"), .remove),
    ]
    let actions = Actions(
      start: [
        Action(.element(.source), .hidden(true)), Action(.element(.destination), .hidden(true)),
      ],
      finish: showBoth, cancel: showBoth)

    if operation == .push {
      return Choreography(
        layers: [
          Layer(id: "fromView", content: .screen(.from), frame: bounds),
          Layer(
            id: "toView", content: .screen(.to), frame: bounds, tracks: [.alpha(from: 0, to: 1)]),
          Layer(
            id: "snapshot",
            content: .element(screen: .from, element: .source, contentMode: .aspectFit),
            frame: source, tracks: [.frame(from: source, to: destination)]),
        ], actions: actions)
    }
    return Choreography(
      layers: [
        Layer(id: "toView", content: .screen(.to), frame: bounds),
        Layer(
          id: "fromView", content: .screen(.from), frame: bounds, tracks: [.alpha(from: 1, to: 0)]),
        Layer(
          id: "snapshot",
          content: .element(screen: .from, element: .destination, contentMode: .aspectFit),
          frame: destination, tracks: [.frame(from: destination, to: source)]),
      ], actions: actions)
  }
}

extension ZoomStyle {
  /// The snapshot is the one element: it stands in for the source and its match.
  public var sharedElementNaming: SharedElementNaming? { .fixed(["snapshot"]) }

  public func sharedElements(for request: PlanRequest) -> [SharedElement] {
    request.reduceMotion ? [] : [SharedElement(id: "snapshot", layers: ["snapshot"])]
  }
}
