/// What a pattern does with one plan layer (docs/GESTURES.md 4.3, 10.11).
struct BackLayerRole: Sendable, Hashable {
  enum Group: Sendable, Hashable {
    /// Shows the `from` screen (or is `fromDimming`, or a hero pair's layer).
    case closing
    /// Shows the `to` screen (or is `toDimming`).
    case entering
    /// Another colour layer (expand's `background`): never posed.
    case none
  }

  var group: Group
  /// A hero pair's layer or zoom's snapshot: flies with the progress under `sharedElement`.
  var shared: Bool
  /// Content kind `element` (pairs, exits, entries, zoom's snapshot): under `sharedElement`
  /// it scrubs the plan, where surfaces hold its start.
  var isElement: Bool
  /// Content kind `screen` or `snapshot`: the layers a pattern rounds.
  var isScreen: Bool

  static func roles(of layers: [Layer], request: PlanRequest) -> [BackLayerRole] {
    let pairs = SharedElements.pairIDs(request)
    return layers.map { layer in
      let shared = SharedElements.isShared(layer, style: request.style, pairs: pairs)
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
        // At plan start a pair sits at its from frame, on the closing screen.
        group = role == .from || shared ? .closing : .entering
      case .color:
        group = layer.id == "fromDimming" ? .closing : layer.id == "toDimming" ? .entering : .none
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
