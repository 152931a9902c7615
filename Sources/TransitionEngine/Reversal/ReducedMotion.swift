/// Reduced motion (docs/STYLES.md "Reduced motion"): whatever the style, the two screens
/// only, the upper one fading, no actions, easeInOut over 0.25 s.
public enum ReducedMotion {
  public static let timing = StyleTiming(duration: 0.25, curve: .easeInOut)

  /// The dissolve in the `fade` preset's order: `toView` over `fromView` going forward,
  /// `fromView` over `toView` going back.
  public static func choreography(container: Size, operation: TransitionOperation)
    -> Choreography
  {
    let bounds = Rect(x: 0, y: 0, width: container.width, height: container.height)
    let from = Layer(id: "fromView", content: .screen(.from), frame: bounds)
    let to = Layer(id: "toView", content: .screen(.to), frame: bounds)
    var layers = operation.isForward ? [from, to] : [to, from]
    layers[1].tracks = [operation.isForward ? .alpha(from: 0, to: 1) : .alpha(from: 1, to: 0)]
    layers[1].alpha = operation.isForward ? 0 : 1
    return Choreography(layers: layers, actions: Actions(start: [], finish: [], cancel: []))
  }
}
