import Foundation

/// Recorded-looking pan streams for interaction tests: 120 Hz, smooth polynomial motion, on a
/// zoom pop in a 390 x 844 container. `scripts/gen/gesture.py` generates the same samples bit for
/// bit (the arithmetic is mirrored operation for operation) and wrote `examples/interaction-*`.
public enum GestureFixture: String, CaseIterable, Sendable {
  /// 1.2 s ease-in-out drag to 160 pt (progress 0.41): past 0.35, nearly still at release.
  case slowDrag = "slow-drag"
  /// 0.1 s accelerating flick to 120 pt (progress 0.31, under 0.35), 2400 pt/s at release.
  case fastFlick = "fast-flick"
  /// 0.6 s out to 200 pt (progress 0.51), then 0.4 s accelerating back to 60 pt.
  case dragBack = "drag-back"
  /// 0.5 s drag to 150 pt (progress 0.38), then the touch is cancelled.
  case cancelled

  public static let rate = 120.0
  public static let container = (width: 390.0, height: 844.0)

  /// One sample as the wire carries it.
  public struct Sample: Equatable, Sendable {
    public var t: Double
    public var x: Double
    public var y: Double
    public var vx: Double?
    public var vy: Double?
    public var state: String
  }

  /// The policy of `examples/interaction-<name>.json` (the script's default).
  public var examplePolicy: String {
    switch self {
    case .slowDrag, .cancelled: "threshold"
    case .fastFlick: "projected"
    case .dragBack: "system"
    }
  }

  var frames: Int {
    switch self {
    case .slowDrag: 144
    case .fastFlick: 12
    case .dragBack: 120
    case .cancelled: 60
    }
  }

  var endState: String { self == .cancelled ? "cancelled" : "ended" }

  /// Half away from zero at 1 / scale, as Python's `copysign(floor(|v * scale| + 0.5), ...)`.
  static func round(_ v: Double, _ scale: Double) -> Double {
    let m = v * scale
    let r = (abs(m) + 0.5).rounded(.down)
    return Double(signOf: m, magnitudeOf: r) / scale
  }

  static func smoothstep(_ s: Double) -> Double { s * s * (3.0 - 2.0 * s) }
  static func smoothstepSlope(_ s: Double) -> Double { 6.0 * s * (1.0 - s) }

  /// Position (pt) and velocity (pt/s) at frame `i`.
  func motion(_ i: Int) -> (x: Double, y: Double, vx: Double, vy: Double) {
    switch self {
    case .slowDrag:
      let s = Double(i) / 144.0
      return (
        160.0 * Self.smoothstep(s), 6.0 * s, 160.0 * Self.smoothstepSlope(s) / 1.2, 6.0 / 1.2
      )
    case .fastFlick:
      let s = Double(i) / 12.0
      return (120.0 * s * s, -4.0 * s, 240.0 * s / 0.1, -4.0 / 0.1)
    case .dragBack:
      if i <= 72 {
        let s = Double(i) / 72.0
        return (
          200.0 * Self.smoothstep(s), 3.0 * s, 200.0 * Self.smoothstepSlope(s) / 0.6, 3.0 / 0.6
        )
      }
      let s = Double(i - 72) / 48.0
      return (200.0 - 140.0 * s * s, 3.0, -280.0 * s / 0.4, 0.0)
    case .cancelled:
      let s = Double(i) / 60.0
      return (
        150.0 * Self.smoothstep(s), 2.0 * s, 150.0 * Self.smoothstepSlope(s) / 0.5, 2.0 / 0.5
      )
    }
  }

  public func samples(velocity: Bool = false) -> [Sample] {
    (0...frames).map { i in
      let m = motion(i)
      return Sample(
        t: Self.round(Double(i) / Self.rate, 1e6), x: Self.round(m.x, 100), y: Self.round(m.y, 100),
        vx: velocity ? Self.round(m.vx, 100) : nil, vy: velocity ? Self.round(m.vy, 100) : nil,
        state: i == 0 ? "began" : (i == frames ? endState : "changed"))
    }
  }

  /// The `gesture.samples` array as compact JSON.
  public func samplesJSON(velocity: Bool = false) -> String {
    "["
      + samples(velocity: velocity).map { s in
        var fields = ["\"t\":\(s.t)", "\"x\":\(s.x)", "\"y\":\(s.y)"]
        if let vx = s.vx { fields.append("\"vx\":\(vx)") }
        if let vy = s.vy { fields.append("\"vy\":\(vy)") }
        fields.append("\"state\":\"\(s.state)\"")
        return "{" + fields.joined(separator: ",") + "}"
      }.joined(separator: ",") + "]"
  }

  /// A whole `POST /v1/interactions` body, like `scripts/gen/gesture.py NAME --policy POLICY`.
  public func requestJSON(policy: String? = nil, velocity: Bool = false) -> String {
    let policy = policy ?? examplePolicy
    let release: String
    switch policy {
    case "threshold": release = #"{"policy":"threshold","threshold":0.35}"#
    case "projected": release = #"{"policy":"projected","decelerationRate":0.998}"#
    default: release = #"{"policy":"\#(policy)"}"#
    }
    return """
      {"transition":{"style":"zoom","operation":"pop","container":{"width":390,"height":844},\
      "source":{"x":16,"y":220,"width":170,"height":170},\
      "destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60},\
      "gesture":{"direction":"either","samples":\(samplesJSON(velocity: velocity))},\
      "release":\(release),"completion":{"speed":1,"curve":"easeInOut"}}
      """
  }

  /// `examples/interaction-<name>.json` in this package.
  public var exampleURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/interaction-\(rawValue).json")
  }
}
