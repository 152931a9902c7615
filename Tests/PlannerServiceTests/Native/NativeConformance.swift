import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

struct NativeDocumentError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The plan's exact, unclamped state of each layer at any instant: what a native document must
/// show (docs/NATIVE.md 10), computed by the engine as the plan computes it.
struct PlanReference {
  struct State {
    var corners: [Point]
    var alpha: Double
    var cornerRadius: Double
    var content: Rect?
    var shadowOpacity: Double
  }

  let layers: [Layer]
  let kinematics: [[LayerProperty: TrackKinematics]]

  init(_ choreography: Choreography, timing: Timing) {
    layers = choreography.layers
    kinematics = choreography.layers.map { layer in
      Dictionary(
        uniqueKeysWithValues: layer.tracks.map {
          ($0.change.layerProperty, TrackKinematics($0, planTiming: timing))
        })
    }
  }

  func state(_ index: Int, at t: Double) -> State {
    let layer = layers[index]
    let k = kinematics[index]
    let frame = k[.frame].map { $0.value(at: t).rectValue } ?? layer.frame
    let transform = k[.transform].map { $0.value(at: t).transformValue } ?? layer.transform
    return State(
      corners: LayerGeometry(frame: frame, anchor: layer.anchor, transform: transform)
        .projectedCorners,
      alpha: k[.alpha].map { $0.value(at: t).numberValue } ?? layer.alpha,
      cornerRadius: k[.cornerRadius].map { $0.value(at: t).numberValue } ?? layer.cornerRadius,
      content: k[.contentFrame].map { $0.value(at: t).rectValue } ?? layer.contentFrame,
      shadowOpacity: k[.shadowOpacity].map { $0.value(at: t).numberValue } ?? layer.shadowOpacity)
  }
}

/// How far a played document is from its plan, per kind of row: the largest deviation of an
/// exact row and of a sampled one (docs/NATIVE.md 10), with where it happened.
struct NativeDeviations: CustomStringConvertible {
  var exact = 0.0
  var exactAt = ""
  var sampled = 0.0
  var sampledAt = ""
  var sampledOpacity = 0.0
  var keyTimes = 0.0
  var checks = 0

  mutating func record(
    _ d: Double, sampled isSampled: Bool, opacity: Bool = false, _ at: @autoclosure () -> String
  ) {
    checks += 1
    if isSampled {
      if opacity {
        sampledOpacity = max(sampledOpacity, d)
      } else if d > sampled {
        sampled = d
        sampledAt = at()
      }
    } else if d > exact {
      exact = d
      exactAt = at()
    }
  }

  /// docs/NATIVE.md 10: exact rows within 1e-6, sampled ones within 0.1 pt (0.001 for an
  /// opacity), and within 1e-4 pt at their key times.
  var withinBounds: Bool {
    exact <= 1e-6 && sampled <= 0.1 && sampledOpacity <= 0.001 && keyTimes <= 1e-4 + 1e-9
  }

  var description: String {
    "exact \(exact) (\(exactAt)), sampled \(sampled) (\(sampledAt)), sampled opacity \(sampledOpacity), at key times \(keyTimes), \(checks) checks"
  }
}

/// What a keyframe row drives, so that its key times are checked on that quantity.
enum Quantity: Equatable {
  case geometry, alpha, radius, shadow, content

  init(caKeyPath path: String) {
    switch path {
    case "opacity": self = .alpha
    case "cornerRadius": self = .radius
    case "shadowOpacity": self = .shadow
    default: self = .geometry
    }
  }

  init(androidProperty property: String) {
    switch property {
    case "alpha": self = .alpha
    case "cornerRadius": self = .radius
    case "shadowOpacity": self = .shadow
    case "contentX", "contentY", "contentWidth", "contentHeight": self = .content
    default: self = .geometry
    }
  }
}

/// What a played layer shows at an instant, on either platform.
struct Shown {
  var corners: [Point]
  var alpha: Double
  var radius: Double?
  var shadow: Double?
  var content: Rect?
}

/// One layer's comparison with the plan, the same on both platforms: every quantity against
/// its bound (exact or sampled, by `meta`), or at a row's key time that row's own quantity.
struct LayerCheck {
  let id: String
  /// The layer's properties `meta.sampled` lists.
  let sampled: Set<String>
  /// How many keyframe groups move its geometry: with two, their key times differ and the
  /// corners are not checked at either's.
  let geometryGroups: Int

  func compare(
    _ shown: Shown, _ plan: PlanReference.State, atKey quantity: Quantity?, _ when: String,
    _ deviations: inout NativeDeviations
  ) {
    let corners = NativeConformance.largestDistance(shown.corners, plan.corners)
    let content = NativeConformance.rectDistance(shown.content, plan.content)
    if let quantity {
      let d: Double? =
        switch quantity {
        case .geometry: geometryGroups == 1 ? corners : nil
        case .alpha: abs(shown.alpha - plan.alpha)
        case .radius: shown.radius.map { abs($0 - plan.cornerRadius) }
        case .shadow: shown.shadow.map { abs($0 - plan.shadowOpacity) }
        case .content: content
        }
      if let d { deviations.keyTimes = max(deviations.keyTimes, d) }
      return
    }
    let place = { "\(id) \(when)" }
    deviations.record(
      corners, sampled: sampled.contains("frame") || sampled.contains("transform"),
      "corners " + place())
    deviations.record(
      abs(shown.alpha - plan.alpha), sampled: sampled.contains("alpha"), opacity: true,
      "opacity " + place())
    if let radius = shown.radius {
      deviations.record(
        abs(radius - plan.cornerRadius), sampled: sampled.contains("cornerRadius"),
        "radius " + place())
    }
    if let shadow = shown.shadow {
      deviations.record(
        abs(shadow - plan.shadowOpacity), sampled: sampled.contains("shadowOpacity"),
        opacity: true, "shadow " + place())
    }
    deviations.record(
      content, sampled: sampled.contains("contentFrame"), "content " + place())
  }
}

/// Plays a native document against its plan at docs/NATIVE.md 10's instants: 240 Hz over the
/// plan, every row's begin and end, every key time and 15 points between two key times.
enum NativeConformance {
  static func largestDistance(_ a: [Point], _ b: [Point]) -> Double {
    zip(a, b).reduce(0) { max($0, abs($1.0.x - $1.1.x), abs($1.0.y - $1.1.y)) }
  }

  static func rectDistance(_ a: Rect?, _ b: Rect?) -> Double {
    guard let a, let b else { return a == nil && b == nil ? 0 : .infinity }
    return max(abs(a.x - b.x), abs(a.y - b.y), abs(a.width - b.width), abs(a.height - b.height))
  }

  /// The layer's sampled properties by `meta.sampled`.
  static func sampledProperties(_ document: JSONValue) -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for item in document["meta"]?["sampled"]?.array ?? [] {
      result[item[0]!.text!, default: []].insert(item[1]!.text!)
    }
    return result
  }

  /// Instants of the whole document: 240 Hz over `duration`, and every row's begin and end.
  static func commonTimes(duration: Double, rows: [(begin: Double, length: Double)]) -> [Double] {
    var times = stride(from: 0.0, through: duration, by: 1.0 / 240).map { $0 }
    times.append(duration)
    for row in rows {
      times.append(max(0, row.begin))
      times.append(row.begin + row.length)
    }
    return times
  }

  /// A keyframe row's key times as instants, the 15 points between two, and the open
  /// intervals of its steps (a millionth of the span before a cut, where the plan jumps).
  static func keyTimeInstants(begin: Double, length: Double, keyTimes: [Double]) -> (
    keys: [Double], between: [Double], steps: [ClosedRange<Double>]
  ) {
    let keys = keyTimes.map { begin + $0 * length }
    var between: [Double] = []
    var steps: [ClosedRange<Double>] = []
    for i in 0..<(keys.count - 1) {
      if keyTimes[i + 1] - keyTimes[i] <= 1.5e-6 {
        steps.append(keys[i]...keys[i + 1])
        continue
      }
      for j in 1...15 { between.append(keys[i] + (keys[i + 1] - keys[i]) * Double(j) / 16) }
    }
    return (keys, between, steps)
  }

  static func inStep(_ t: Double, _ steps: [ClosedRange<Double>]) -> Bool {
    steps.contains { t > $0.lowerBound && t < $0.upperBound }
  }

  /// A `coreanimation` document against its plan.
  static func check(coreAnimation bytes: [UInt8], _ reference: PlanReference, duration: Double)
    throws -> NativeDeviations
  {
    let doc = try CoreAnimationPlayback(bytes)
    let sampled = sampledProperties(doc.document)
    var deviations = NativeDeviations()
    let allRows = doc.layers.flatMap { $0.rows + $0.contentRows }
    let common = commonTimes(
      duration: duration,
      rows: allRows.map { ($0.beginTime, doc.entries[$0.timing].duration) })
    for (index, layer) in doc.layers.enumerated() {
      guard layer.id == reference.layers[index].id else {
        throw NativeDocumentError(
          "layer \(index) is \(layer.id), the plan's is \(reference.layers[index].id)")
      }
      let mine = sampled[layer.id] ?? []
      var keys: [(Double, Quantity)] = []
      var times = common
      var steps: [ClosedRange<Double>] = []
      var geometryGroups = Set<Int>()
      let keyed =
        layer.rows.map { ($0, Quantity(caKeyPath: $0.keyPath)) }
        + layer.contentRows.map { ($0, Quantity.content) }
      for (row, quantity) in keyed where !row.values.isEmpty {
        let e = doc.entries[row.timing]
        let k = keyTimeInstants(begin: row.beginTime, length: e.duration, keyTimes: e.keyTimes)
        keys += k.keys.dropLast().map { ($0, quantity) }
        times += k.between
        steps += k.steps
        if quantity == .geometry { geometryGroups.insert(row.timing) }
      }
      let blends: [CoreAnimationPlayback.MatrixBlend] =
        layer.hasTransformKeyframes ? [.lerp, .decomposition] : [.lerp]
      let layerCheck = LayerCheck(
        id: layer.id, sampled: mine, geometryGroups: geometryGroups.count)
      func compare(_ t: Double, atKey quantity: Quantity? = nil) {
        let plan = reference.state(index, at: t)
        for blend in blends {
          let p = doc.present(layer, at: t, blend: blend)
          let shown = Shown(
            corners: p.corners, alpha: p.values["opacity"]!, radius: p.values["cornerRadius"],
            shadow: p.values["shadowOpacity"], content: p.content)
          layerCheck.compare(shown, plan, atKey: quantity, "t=\(t) \(blend)", &deviations)
        }
      }
      for t in times where !inStep(t, steps) { compare(t) }
      for (t, quantity) in keys { compare(t, atKey: quantity) }
    }
    return deviations
  }

  /// An `android` document against its plan.
  static func check(android bytes: [UInt8], _ reference: PlanReference, duration: Double)
    throws -> NativeDeviations
  {
    let doc = try AndroidPlayback(bytes)
    let sampled = sampledProperties(doc.document)
    var deviations = NativeDeviations()
    let allRows = doc.layers.flatMap(\.rows)
    let common = commonTimes(
      duration: duration, rows: allRows.map { ($0.startDelay, doc.entries[$0.timing].duration) })
    for (index, layer) in doc.layers.enumerated() {
      guard layer.id == reference.layers[index].id else {
        throw NativeDocumentError(
          "layer \(index) is \(layer.id), the plan's is \(reference.layers[index].id)")
      }
      let mine = sampled[layer.id] ?? []
      var keys: [(Double, Quantity)] = []
      var times = common
      var steps: [ClosedRange<Double>] = []
      var geometryGroups = Set<Int>()
      for row in layer.rows where !row.values.isEmpty {
        let e = doc.entries[row.timing]
        let k = keyTimeInstants(begin: row.startDelay, length: e.duration, keyTimes: e.fractions)
        let quantity = Quantity(androidProperty: row.property)
        keys += k.keys.dropLast().map { ($0, quantity) }
        times += k.between
        steps += k.steps
        if quantity == .geometry { geometryGroups.insert(row.timing) }
      }
      let layerCheck = LayerCheck(
        id: layer.id, sampled: mine, geometryGroups: geometryGroups.count)
      func compare(_ t: Double, atKey quantity: Quantity? = nil) {
        let p = doc.present(layer, at: t)
        let shown = Shown(
          corners: p.corners, alpha: p.values["alpha"]!, radius: p.values["cornerRadius"],
          shadow: p.values["shadowOpacity"], content: p.content)
        layerCheck.compare(
          shown, reference.state(index, at: t), atKey: quantity, "t=\(t)", &deviations)
      }
      for t in times where !inStep(t, steps) { compare(t) }
      for (t, quantity) in keys { compare(t, atKey: quantity) }
    }
    return deviations
  }
}
