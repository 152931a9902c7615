/// Who a discrete change applies to.
public enum ActionTarget: Sendable, Hashable {
  /// A seed's element (`source`, `destination`).
  case element(ElementID)
  case screen(ScreenRole)
  /// An element of one screen by its id (hero).
  case screenElement(ScreenRole, ElementID)
  case layer(String)
}

/// A discrete change at the start, finish or cancel of a transition.
public enum ActionChange: Sendable, Hashable {
  case hidden(Bool)
  /// The layer leaves the container.
  case remove
  case alpha(Double)
}

public struct Action: Sendable, Hashable {
  public var target: ActionTarget
  public var change: ActionChange

  public init(_ target: ActionTarget, _ change: ActionChange) {
    self.target = target
    self.change = change
  }
}

public struct Actions: Sendable, Hashable {
  public var start: [Action]
  public var finish: [Action]
  public var cancel: [Action]

  public init(start: [Action], finish: [Action], cancel: [Action]) {
    self.start = start
    self.finish = finish
    self.cancel = cancel
  }
}
