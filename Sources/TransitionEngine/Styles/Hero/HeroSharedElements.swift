extension HeroStyle {
  /// Every pair is shared: a request names the one it follows.
  public var sharedElementNaming: SharedElementNaming? {
    .fromScene(
      missing: "is required for style hero: the id of a pair (an element on both screens)",
      unknown: "must be the id of a pair: an element on both screens")
  }

  /// The pairs in the order of the `from` screen, each shown by its `@from` and `@to` layers
  /// (those the plan has: without a cross-fade only one).
  /// A pair's `@from` and `@to` layers, an exit's and an entry's, each show the element whose
  /// id the scene gives.
  public var elementLayersMatchByID: Bool { true }

  public func sharedElements(for request: PlanRequest) -> [SharedElement] {
    guard !request.reduceMotion else { return [] }
    let scene = HeroScene(request.scene)
    // Ids match byte for byte (HeroElement.id).
    let to = Set(scene.to.map { Array($0.id.utf8) })
    return scene.from.filter { to.contains(Array($0.id.utf8)) }.map {
      SharedElement(id: $0.id, layers: [$0.id + "@from", $0.id + "@to"])
    }
  }
}
