/// Which layers of a plan show a shared element: the element a drag follows, the layers a
/// back pattern keeps out of its window pose (docs/GESTURES.md 4.3, 5.1).
enum SharedElements {
  /// The ids on both screens of a hero request, as UTF-8 bytes (hero matches ids byte for
  /// byte); empty for other styles and for a dissolve, whose plan has no element layers.
  static func pairIDs(_ request: PlanRequest) -> Set<[UInt8]> {
    guard request.style == "hero", !request.reduceMotion else { return [] }
    let scene = HeroScene(request.scene)
    let from = Set(scene.from.map { Array($0.id.utf8) })
    return Set(scene.to.map { Array($0.id.utf8) }.filter(from.contains))
  }

  /// Whether `layer` shows a shared element: a hero pair's layer, or zoom's snapshot.
  static func isShared(_ layer: Layer, style: String, pairs: Set<[UInt8]>) -> Bool {
    guard case .element(_, let element, _) = layer.content else { return false }
    return style == "zoom" || pairs.contains(Array(element.rawValue.utf8))
  }
}
