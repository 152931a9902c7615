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
      let geometrySampled = mine.contains("frame") || mine.contains("transform")
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
      func compare(_ t: Double, atKey quantity: Quantity? = nil) {
        let plan = reference.state(index, at: t)
        for blend in blends {
          let shown = doc.present(layer, at: t, blend: blend)
          let where_ = { "\(layer.id) t=\(t) \(blend)" }
          let corners = largestDistance(shown.corners, plan.corners)
          if let quantity {
            // A row's key times hold its own quantity; the corners only when one group
            // samples the layer's geometry (two groups' key times differ).
            let d: Double? =
              switch quantity {
              case .geometry: geometryGroups.count == 1 ? corners : nil
              case .alpha: abs(shown.values["opacity"]! - plan.alpha)
              case .radius: abs(shown.values["cornerRadius"]! - plan.cornerRadius)
              case .shadow: abs(shown.values["shadowOpacity"]! - plan.shadowOpacity)
              case .content: rectDistance(shown.content, plan.content)
              }
            if let d { deviations.keyTimes = max(deviations.keyTimes, d) }
            continue
          }
          deviations.record(corners, sampled: geometrySampled, "corners " + where_())
          deviations.record(
            abs(shown.values["opacity"]! - plan.alpha), sampled: mine.contains("alpha"),
            opacity: true, "opacity " + where_())
          deviations.record(
            abs(shown.values["cornerRadius"]! - plan.cornerRadius),
            sampled: mine.contains("cornerRadius"), "radius " + where_())
          deviations.record(
            abs(shown.values["shadowOpacity"]! - plan.shadowOpacity),
            sampled: mine.contains("shadowOpacity"), opacity: true, "shadow " + where_())
          deviations.record(
            rectDistance(shown.content, plan.content), sampled: mine.contains("contentFrame"),
            "content " + where_())
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
      let geometrySampled = mine.contains("frame") || mine.contains("transform")
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
      func compare(_ t: Double, atKey quantity: Quantity? = nil) {
        let plan = reference.state(index, at: t)
        let shown = doc.present(layer, at: t)
        let where_ = { "\(layer.id) t=\(t)" }
        let corners = largestDistance(shown.corners, plan.corners)
        if let quantity {
          let d: Double? =
            switch quantity {
            case .geometry: geometryGroups.count == 1 ? corners : nil
            case .alpha: abs(shown.values["alpha"]! - plan.alpha)
            case .radius: abs(shown.values["cornerRadius"]! - plan.cornerRadius)
            case .shadow: abs(shown.values["shadowOpacity"]! - plan.shadowOpacity)
            case .content: rectDistance(shown.content, plan.content)
            }
          if let d { deviations.keyTimes = max(deviations.keyTimes, d) }
          return
        }
        deviations.record(corners, sampled: geometrySampled, "corners " + where_())
        deviations.record(
          abs(shown.values["alpha"]! - plan.alpha), sampled: mine.contains("alpha"), opacity: true,
          "alpha " + where_())
        if let radius = shown.values["cornerRadius"] {
          deviations.record(
            abs(radius - plan.cornerRadius), sampled: mine.contains("cornerRadius"),
            "radius " + where_())
        }
        if let shadow = shown.values["shadowOpacity"] {
          deviations.record(
            abs(shadow - plan.shadowOpacity), sampled: mine.contains("shadowOpacity"),
            opacity: true, "shadow " + where_())
        }
        deviations.record(
          rectDistance(shown.content, plan.content), sampled: mine.contains("contentFrame"),
          "content " + where_())
      }
      for t in times where !inStep(t, steps) { compare(t) }
      for (t, quantity) in keys { compare(t, atKey: quantity) }
    }
    return deviations
  }
}
