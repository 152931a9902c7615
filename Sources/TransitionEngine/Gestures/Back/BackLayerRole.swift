/// What a pattern does with one plan layer (docs/GESTURES.md 4.3, 10.11).
struct BackLayerRole: Sendable, Hashable {
  enum Group: Sendable, Hashable {
    /// Shows the `from` screen (or dims it, or shows a shared element).
    case closing
    /// Shows the `to` screen (or dims it).
    case entering
    /// Another colour layer (a backdrop): never posed.
    case none
  }

  var group: Group
  /// Shows one of the style's shared elements: flies with the progress under `sharedElement`.
  var shared: Bool
  /// Content kind `element` (shared, exiting or entering): under `sharedElement`
  /// it scrubs the plan, where surfaces hold its start.
  var isElement: Bool
  /// Content kind `screen` or `snapshot`: the layers a pattern rounds.
  var isScreen: Bool

  static func roles(of layers: [Layer], request: PlanRequest) -> [BackLayerRole] {
    // Layer ids compare byte for byte, as the style's element ids do.
    let sharedLayers = Set(
      (StyleRegistry.style(named: request.style)?.sharedElements(for: request) ?? [])
        .flatMap(\.layers).map { Array($0.utf8) })
    return layers.map { layer in
      let shared: Bool
      if case .element = layer.content {
        shared = sharedLayers.contains(Array(layer.id.utf8))
      } else {
        shared = false
      }
      let group: Group
      var isElement = false
      var isScreen = false
      switch layer.content {
      case .screen(let role), .snapshot(let role):
        isScreen = true
        group = role == .from ? .closing : .entering
      case .slice(let role, _):
        group = role == .from ? .closing : .entering
      case .element(let role, _, _):
        isElement = true
        // At plan start a shared element sits at its from frame, on the closing screen.
        group = role == .from || shared ? .closing : .entering
      case .color:
        group = layer.dims.map { $0 == .from ? .closing : .entering } ?? .none
      }
      return BackLayerRole(group: group, shared: shared, isElement: isElement, isScreen: isScreen)
    }
  }

  /// Whether `pattern` poses this layer (and applies its group's alpha multiplier).
  func isPosed(by pattern: BackPattern) -> Bool {
    switch pattern {
    case .crossActivity, .fullScreen: group != .none
    case .sharedElement: group == .closing && !shared
    }
  }

  /// Whether `pattern` rounds this layer's corners.
  func isRounded(by pattern: BackPattern) -> Bool {
    guard isScreen else { return false }
    switch pattern {
    case .crossActivity: return group != .none
    case .fullScreen, .sharedElement: return group == .closing
    }
  }
}
