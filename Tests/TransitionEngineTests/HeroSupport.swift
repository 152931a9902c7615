@testable import TransitionEngine

/// The API.md hero example: a photo (aspectFill thumbnail -> aspectFit photo, radius 12 -> 0,
/// arc 1), a title, a search bar that only the list has, a body only the detail has.
let heroPhotoFrom = Rect(x: 16, y: 220, width: 170, height: 170)
let heroPhotoTo = Rect(x: 0, y: 91, width: 390, height: 390)

func heroExample(options: HeroOptions = HeroOptions(preset: .push)) -> HeroScene {
  HeroScene(
    container: Size(width: 390, height: 844),
    from: [
      HeroElement(
        id: "photo-42", frame: heroPhotoFrom, cornerRadius: 12,
        content: Size(width: 1200, height: 800), contentMode: .aspectFill),
      HeroElement(id: "title-42", frame: Rect(x: 16, y: 398, width: 170, height: 22)),
      HeroElement(
        id: "searchBar", frame: Rect(x: 16, y: 100, width: 358, height: 36), effect: .fade),
    ],
    to: [
      HeroElement(id: "photo-42", frame: heroPhotoTo, contentMode: .aspectFit, arc: 1),
      HeroElement(id: "title-42", frame: Rect(x: 20, y: 500, width: 350, height: 30)),
      HeroElement(id: "body", frame: Rect(x: 20, y: 540, width: 350, height: 200)),
    ],
    options: options)
}

func heroPlan(
  _ hero: HeroScene, _ op: TransitionOperation = .push, timing: TimingSpec = .init(),
  fps: Int = 60
) throws -> Plan {
  try Planner.plan(
    PlanRequest(style: "hero", operation: op, scene: hero.scene, timing: timing, frameRate: fps))
}

func heroChoreography(_ hero: HeroScene, _ op: TransitionOperation = .push) -> Choreography {
  HeroStyle.choreography(hero, operation: op)
}

extension Choreography {
  func layer(_ id: String) -> Layer? { layers.first { $0.id == id } }

  /// `id: [properties]` per layer, bottom to top: STYLES.md's tables in one line each.
  var table: [String] {
    layers.map { $0.id + ": " + $0.tracks.map(\.property).joined(separator: ",") }
  }
}
