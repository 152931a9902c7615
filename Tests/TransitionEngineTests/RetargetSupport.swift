@testable import TransitionEngine

/// A prepared plan evaluated at any plan time, exactly (retarget springs and offsets included):
/// what the tests compare a retarget plan's start and end with.
struct PreparedClock {
  let prepared: Planner.Prepared
  let evaluator: ChoreographyEvaluator

  init(_ request: PlanRequest) throws {
    prepared = try Planner.prepare(request)
    evaluator = ChoreographyEvaluator(prepared.choreography, timing: prepared.timing)
  }

  var duration: Double { prepared.choreography.duration(with: prepared.timing) }
  var layers: [Layer] { prepared.choreography.layers }

  func index(_ id: String) -> Int? { layers.firstIndex { $0.id == id } }

  /// The keyframe state (clamped) of layer `i` at `t`.
  func state(_ i: Int, at t: Double) -> LayerState {
    let timing = prepared.timing
    return evaluator.state(ofLayer: i, at: t) {
      evaluator.progress(ofClock: $0, at: t, timing: timing)
    }
  }

  func detail(_ i: Int, at t: Double) -> LayerDetail {
    let timing = prepared.timing
    return evaluator.detail(ofLayer: i, at: t) {
      evaluator.progress(ofClock: $0, at: t, timing: timing)
    }
  }

  /// The exact, unclamped value of layer `i`'s `property` at `t`.
  func value(_ i: Int, _ property: LayerProperty, at t: Double) -> [Double]? {
    guard let state = layers[i].state(of: property, at: t, planTiming: prepared.timing) else {
      return nil
    }
    switch state.value {
    case .number(let v): return [v]
    case .rect(let r): return [r.x, r.y, r.width, r.height]
    case .transform(let m): return m.values
    }
  }
}

/// The numbers of a keyframe: frame, alpha, the 16 matrix entries.
func numbers(_ s: LayerState) -> [Double] {
  [s.frame.x, s.frame.y, s.frame.width, s.frame.height, s.alpha] + s.transform.values
}

func numbers(_ d: LayerDetail) -> [Double] {
  [
    d.cornerRadius, d.contentFrame.x, d.contentFrame.y, d.contentFrame.width,
    d.contentFrame.height, d.shadowOpacity,
  ]
}

func largestDifference(_ a: [Double], _ b: [Double]) -> Double {
  zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
}

/// A scene with its moved counterpart: what a retarget flies to instead.
struct RetargetCase: CustomStringConvertible {
  var style: String
  var operation: TransitionOperation
  var scene: Scene
  var moved: Scene
  var timing: TimingSpec = .init()

  var description: String { "\(style) \(operation.rawValue) \(timing)" }

  func request(_ scene: Scene, retarget: RetargetSpec? = nil, reduceMotion: Bool = false)
    -> PlanRequest
  {
    PlanRequest(
      style: style, operation: operation, scene: scene, timing: timing, frameRate: 60,
      reduceMotion: reduceMotion, retarget: retarget)
  }

  var inFlight: PlanRequest { request(scene) }
}

let movedDestination = Rect(x: 0, y: 131, width: 390, height: 300)

/// The hero example with a cascade and arcs, and the same with its photo and body moved.
func heroRetargetScenes(_ options: HeroOptions) -> (Scene, Scene) {
  let hero = heroExample(options: options)
  var moved = hero
  moved.to[0].frame = movedDestination
  moved.to[2].frame = Rect(x: 20, y: 600, width: 350, height: 200)
  return (hero.scene, moved.scene)
}

/// Every style, both directions, bezier and spring timings.
let retargetCases: [RetargetCase] = {
  let zoomMoved = Scene(container: container, source: source, destination: movedDestination)
  let expandMoved = Scene(
    container: container, source: Rect(x: 0, y: 300, width: 390, height: 60),
    destination: destination)
  var tilted = CartSheetOptions(tilt: 0.1, perspective: 400)
  let sheet = Scene(container: container, inputs: tilted.inputs)
  tilted.tilt = 0.3
  let sheetMoved = Scene(container: container, inputs: tilted.inputs)
  var cascade = HeroOptions(preset: .push, enter: .fade, exit: .scale)
  cascade.cascade = HeroCascade(delta: 0.05)
  let (hero, heroMoved) = heroRetargetScenes(cascade)
  let physics = TimingSpec(
    curve: .springPhysics(
      mass: 1.5, stiffness: 260, damping: 14, initialVelocity: nil, allowOverdamping: nil))
  let uikit = TimingSpec(duration: 0.6, curve: .spring(dampingRatio: 0.8, initialVelocity: nil))
  return [
    RetargetCase(style: "zoom", operation: .push, scene: zoomScene, moved: zoomMoved),
    RetargetCase(style: "zoom", operation: .pop, scene: zoomScene, moved: zoomMoved),
    RetargetCase(style: "expand", operation: .push, scene: zoomScene, moved: expandMoved),
    RetargetCase(
      style: "expand", operation: .pop, scene: zoomScene, moved: expandMoved, timing: uikit),
    RetargetCase(style: "cartSheet", operation: .present, scene: sheet, moved: sheetMoved),
    RetargetCase(
      style: "cartSheet", operation: .present, scene: sheet, moved: sheetMoved, timing: physics),
    RetargetCase(
      style: "cartSheet", operation: .dismiss, scene: sheet, moved: sheetMoved, timing: physics),
    RetargetCase(style: "hero", operation: .push, scene: hero, moved: heroMoved),
    RetargetCase(style: "hero", operation: .push, scene: hero, moved: heroMoved, timing: uikit),
    RetargetCase(style: "hero", operation: .pop, scene: hero, moved: heroMoved, timing: physics),
  ]
}()
