/// Every style the engine plans, in the order `GET /v1/styles` lists them.
public enum StyleRegistry {
  public static let all: [any TransitionStyle] = [
    ZoomStyle(), ExpandStyle(), CartSheetStyle(), HeroStyle(),
  ]

  public static func style(named name: String) -> (any TransitionStyle)? {
    all.first { $0.name == name }
  }

  public static var names: [String] { all.map(\.name) }
}
