/// Seed 001: the list screen splits at the selected row; the two slices slide apart on push
/// and close again on pop.
public struct ExpandStyle: TransitionStyle {
  public init() {}

  public let name = "expand"
  public let summary =
    "The list screen splits at the selected row into two slices that slide apart (push) or close (pop)."
  public let operations: [TransitionOperation] = [.push, .pop]
  public let inputs: [StyleInput] = [.source]

  public func defaultTiming(for scene: Scene, operation: TransitionOperation) -> StyleTiming {
    // `UIView.animate`'s default curve and the seed's 3 s.
    StyleTiming(duration: 3.0, curve: .easeInOut)
  }

  public func choreography(for scene: Scene, operation: TransitionOperation) -> Choreography {
    let w = scene.container.width
    let h = scene.container.height
    let y0 = min(max(scene.source?.y ?? 0, 0), h)
    // Slices are always cut from the list screen: `from` on push, `to` on pop.
    let list: ScreenRole = operation == .push ? .from : .to
    let topRect = Rect(x: 0, y: 0, width: w, height: y0)
    let bottomRect = Rect(x: 0, y: y0, width: w, height: h - y0)
    let topAway = Rect(x: 0, y: -y0, width: w, height: y0)
    let bottomAway = Rect(x: 0, y: h, width: w, height: h - y0)
    let push = operation == .push

    var layers = [Layer(id: "background", content: .color("#000000"), frame: scene.bounds)]
    if push {
      layers.append(
        Layer(
          id: "toView", content: .screen(.to), frame: scene.bounds, tracks: [.alpha(from: 0, to: 1)]
        ))
    } else {
      layers.append(
        Layer(
          id: "fromView", content: .screen(.from), frame: scene.bounds,
          tracks: [.alpha(from: 1, to: 0)]))
      layers.append(Layer(id: "toView", content: .screen(.to), frame: scene.bounds, alpha: 0))
    }
    // A slice of zero height is left out, and so is its removal.
    var removals = [Action(.layer("background"), .remove)]
    if y0 > 0 {
      layers.append(
        Layer(
          id: "topSlice", content: .slice(screen: list, rect: topRect), frame: topRect,
          tracks: [push ? .frame(from: topRect, to: topAway) : .frame(from: topAway, to: topRect)]))
      removals.append(Action(.layer("topSlice"), .remove))
    }
    if h - y0 > 0 {
      layers.append(
        Layer(
          id: "bottomSlice", content: .slice(screen: list, rect: bottomRect), frame: bottomRect,
          tracks: [
            push
              ? .frame(from: bottomRect, to: bottomAway) : .frame(from: bottomAway, to: bottomRect)
          ]))
      removals.append(Action(.layer("bottomSlice"), .remove))
    }

    let actions: Actions
    if push {
      // The seed sets the list's alpha to 0 and never restores it; here it is shown again.
      let end = removals + [Action(.screen(.from), .hidden(false))]
      actions = Actions(start: [Action(.screen(.from), .hidden(true))], finish: end, cancel: end)
    } else {
      actions = Actions(
        start: [], finish: [Action(.layer("toView"), .alpha(1))] + removals, cancel: removals)
    }
    return Choreography(layers: layers, actions: actions)
  }
}
