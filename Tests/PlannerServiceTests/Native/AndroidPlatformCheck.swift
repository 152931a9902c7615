import Foundation
import JSON
import TransitionEngine
import XCTest

/// What Android's own animation classes showed for a document (scripts/android-player.sh's
/// output), compared frame by frame with what the exporter's document means: each row at the
/// document's exact times counted from the set's first frame (the player installs the rows on
/// whole milliseconds without moving them, docs/NATIVE.md 4.5), the values before a row's start
/// held at its `from`, the cubic exact, springs in closed form. The reference document is
/// the exporter's, which NativeConformance holds to the plan (exact rows within 1e-6 pt, sampled
/// ones within 0.1 pt); the played one may be a deliberately broken copy (the negative controls).
struct AndroidPlatformCheck {
  /// The bounds the platform's own deviations are held to (docs/NATIVE.md 4.5, measured by
  /// scripts/stages/android-check.sh).
  struct Bounds {
    /// The largest gap between PathInterpolator's polyline and the exact cubic, as a fraction
    /// of the row's distance.
    var polyline: Double
    /// A spring row stepped by SpringAnimation against the closed form: lengths (dp), scales
    /// (fractions of the base size, so in dp as well once multiplied), opacities.
    var springLength: Double
    var springOpacity: Double
    /// Float32 arithmetic of the View properties (pixels at density 3), in dp and opacity.
    var floatLength = 2e-3
    var floatOpacity = 2e-6
  }

  /// One row kind's largest deviation, where it happened, and how far over its bound.
  struct Worst: CustomStringConvertible {
    var deviation = 0.0
    var ratio = 0.0
    var at = ""
    var description: String {
      String(format: "%.6g (%.0f%% of its bound) at %@", deviation, ratio * 100, at)
    }
  }

  struct Result {
    var worst: [String: Worst] = [:]
    /// Deviations over their bounds, with where.
    var failures: [String] = []
    /// The set's start lag (frames) seen per rate.
    var startLags: [Int: Set<Int>] = [:]
    /// How far plain rounding to whole milliseconds (setStartDelay / setDuration of the rounded
    /// times, as ../shared NATIVE.md 2.5 puts it) would move the rows (dp, opacity): what the
    /// player's ExactMilliseconds removes, reported.
    var roundingShift = Worst()
    var frames = 0

    mutating func record(
      _ kind: String, _ d: Double, bound: Double, _ at: @autoclosure () -> String
    ) {
      let ratio = bound > 0 ? d / bound : (d > 0 ? .infinity : 0)
      if ratio > (worst[kind]?.ratio ?? -1) {
        worst[kind] = Worst(deviation: d, ratio: ratio, at: at())
      }
      if d > bound { failures.append("\(kind) \(d) > \(bound) at \(at())") }
    }
  }

  /// The rows of a layer that drive one quantity.
  enum Quantity: String, CaseIterable {
    case geometry, alpha, radius, content, shadow

    init(_ property: String) {
      switch property {
      case "alpha": self = .alpha
      case "cornerRadius": self = .radius
      case "shadowOpacity": self = .shadow
      case "contentX", "contentY", "contentWidth", "contentHeight": self = .content
      default: self = .geometry
      }
    }

    var isOpacity: Bool { self == .alpha || self == .shadow }
  }

  let reference: AndroidPlayback
  let bounds: Bounds
  /// The plan's exact states, when the document comes from a plan or a pan interaction (a
  /// back or dragDismiss answer's document is its keyframes: no plan to hold it to).
  var plan: PlanReference? = nil

  /// The plan tracks behind a quantity, to read `meta.sampled` with.
  static func tracks(_ q: Quantity) -> [String] {
    switch q {
    case .geometry: ["frame", "transform"]
    case .alpha: ["alpha"]
    case .radius: ["cornerRadius"]
    case .content: ["contentFrame"]
    case .shadow: ["shadowOpacity"]
    }
  }

  /// What the played layer shows, in the plan's terms.
  static func measure(_ q: Quantity, _ a: AndroidPlayback.Presentation, _ plan: PlanReference.State)
    -> Double
  {
    switch q {
    case .geometry: return NativeConformance.largestDistance(a.corners, plan.corners)
    case .alpha: return abs(a.values["alpha"]! - plan.alpha)
    case .radius: return abs((a.values["cornerRadius"] ?? 0) - plan.cornerRadius)
    case .shadow: return abs((a.values["shadowOpacity"] ?? 0) - plan.shadowOpacity)
    case .content: return NativeConformance.rectDistance(a.content, plan.content)
    }
  }

  /// A row's value at `ms` after the set's time zero, `from` before the start: at the
  /// document's own times with `exact`, else with start delay and duration rounded to whole
  /// milliseconds.
  func value(_ row: AndroidPlayback.Row, at ms: Double, exact: Bool = false) -> [Double] {
    let e = reference.entries[row.timing]
    let delay = exact ? row.startDelay * 1000 : (row.startDelay * 1000).rounded()
    let duration = exact ? e.duration * 1000 : (e.duration * 1000).rounded()
    let local = ms - delay
    let first = row.values.first ?? [row.from!]
    if local < 0 { return first }
    switch e.kind {
    case "pathInterpolator":
      if local >= duration { return [row.to!] }
      return [row.from! + (row.to! - row.from!) * NativeCurves.bezier(e.curve, local / duration)]
    case "spring":
      let cut =
        exact
        ? (row.startDelay + e.duration) * 1000 : ((row.startDelay + e.duration) * 1000).rounded()
      if ms >= cut { return [row.to!] }
      let c = 2 * e.dampingRatio * e.stiffness.squareRoot()
      return [
        row.to!
          + NativeCurves.spring(
            mass: 1, stiffness: e.stiffness, damping: c, x0: row.from! - row.to!,
            v0: row.startVelocity!, t: local / 1000, criticalAboveOne: false)
      ]
    default:
      if local >= duration { return row.values.last! }
      let (i, f) = NativeCurves.keyframes(e.fractions, row.values, local / duration)
      return NativeCurves.lerp(row.values[i], row.values[i + 1], f)
    }
  }

  func presentation(_ layer: AndroidPlayback.PlayedLayer, at ms: Double, exact: Bool = false)
    -> AndroidPlayback.Presentation
  {
    var p = layer.initial
    for row in layer.rows {
      let v = value(row, at: ms, exact: exact)
      if row.property == "matrix" { p.matrix = v } else { p.values[row.property] = v[0] }
    }
    return p
  }

  static func measure(
    _ q: Quantity, _ a: AndroidPlayback.Presentation, _ b: AndroidPlayback.Presentation
  )
    -> Double
  {
    switch q {
    case .geometry: return NativeConformance.largestDistance(a.corners, b.corners)
    case .alpha: return abs(a.values["alpha"]! - b.values["alpha"]!)
    case .radius: return abs((a.values["cornerRadius"] ?? 0) - (b.values["cornerRadius"] ?? 0))
    case .shadow: return abs((a.values["shadowOpacity"] ?? 0) - (b.values["shadowOpacity"] ?? 0))
    case .content: return NativeConformance.rectDistance(a.content, b.content)
    }
  }

  /// How far a row's value can move a quantity per unit of its own: a scale row moves the
  /// corners by its change times the base size.
  static func reach(_ row: AndroidPlayback.Row, _ layer: AndroidPlayback.PlayedLayer) -> Double {
    switch row.property {
    case "scaleX": return layer.initial.base.width
    case "scaleY": return layer.initial.base.height
    default: return 1
    }
  }

  /// Compares one played output (`{"hz", "density", "startLagMs", "frames", "actions"}`) with
  /// the reference document.
  func check(played bytes: [UInt8], _ name: String, into result: inout Result) throws {
    let played = try JSONParser.parse(bytes)
    let hz = Int(try XCTUnwrap(played["hz"]?.number))
    let lag = try XCTUnwrap(played["startLagMs"]?.number)
    let frames = try XCTUnwrap(played["frames"]?.array)
    let sampled = NativeConformance.sampledProperties(reference.document)
    let timeline = reference.document["timeline"]
    if timeline == nil { result.startLags[hz, default: []].insert(Int(lag)) }
    if timeline != nil && lag != 0 {
      result.failures.append("\(name): a timeline is seeked from the start frame, lag \(lag)")
    }
    for (index, layer) in reference.layers.enumerated() {
      let byQuantity = Dictionary(grouping: layer.rows) { Quantity($0.property) }
      for frame in frames {
        let t = try XCTUnwrap(frame["t"]?.number)
        // An interaction's rows are seeked to its timeline's animation time, in the whole
        // milliseconds setCurrentPlayTime takes (docs/NATIVE.md 7).
        let ms =
          try timeline.map {
            (try NativeExportTests.animationTime($0, at: t / 1000) * 1000).rounded()
          }
          ?? t - lag
        guard case .object(let members)? = frame["layers"]?[layer.id] else {
          throw NativeDocumentError("\(name): frame \(ms) has no layer \(layer.id)")
        }
        var shown = layer.initial
        for m in members {
          if m.key == "matrix" {
            shown.matrix = try XCTUnwrap(m.value.array).map { try XCTUnwrap($0.number) }
          } else {
            shown.values[m.key] = try XCTUnwrap(m.value.number)
          }
        }
        let expected = presentation(layer, at: ms, exact: true)
        let rounded = presentation(layer, at: ms)
        for q in Quantity.allCases {
          let rows = byQuantity[q] ?? []
          let kinds = Set(rows.map { reference.entries[$0.timing].kind })
          let kind =
            (kinds.isEmpty ? "held" : kinds.sorted().joined(separator: "+"))
            + (q.isOpacity ? " (opacity)" : " (dp)")
          var bound = q.isOpacity ? bounds.floatOpacity : bounds.floatLength
          for row in rows {
            switch reference.entries[row.timing].kind {
            case "pathInterpolator":
              bound += bounds.polyline * abs(row.to! - row.from!) * Self.reach(row, layer)
            case "spring":
              bound += q.isOpacity ? bounds.springOpacity : bounds.springLength
            default: break
            }
          }
          let d = Self.measure(q, shown, expected)
          result.record(kind, d, bound: bound, "\(name) \(layer.id) \(q.rawValue) t=\(ms) ms")
          // Straight to the plan: the document's own bound (docs/NATIVE.md 10) added.
          if let plan {
            let isSampled = Self.tracks(q).contains { sampled[layer.id]?.contains($0) == true }
            let documentBound = isSampled ? (q.isOpacity ? 0.001 : 0.1) : 1e-6
            let state = plan.state(index, at: max(0, ms) / 1000)
            result.record(
              "plan, " + kind, Self.measure(q, shown, state), bound: bound + documentBound,
              "\(name) \(layer.id) \(q.rawValue) t=\(ms) ms")
          }
          let shift = Self.measure(q, rounded, expected)
          if shift > result.roundingShift.deviation {
            result.roundingShift = Worst(
              deviation: shift, at: "\(name) \(layer.id) \(q.rawValue) t=\(ms) ms")
          }
        }
      }
    }
    result.frames += frames.count
    try checkActions(played, frames, lag: lag, name, into: &result)
  }

  /// docs/NATIVE.md 8: the start actions before the first frame, the finish ones on the first
  /// frame at or after the last row's end (an interaction's decision at its timeline's end).
  func checkActions(
    _ played: JSONValue, _ frames: [JSONValue], lag: Double, _ name: String,
    into result: inout Result
  ) throws {
    let actions = try XCTUnwrap(played["actions"]?.array)
    let steps = actions.map { ($0["step"]?.text ?? "?", $0["t"]?.number ?? .nan) }
    var end = 0.0
    for layer in reference.layers {
      for row in layer.rows {
        let e = reference.entries[row.timing]
        end = max(end, (row.startDelay + e.duration) * 1000)
      }
    }
    let times = frames.compactMap { $0["t"]?.number }
    var due = times.first { $0 - lag >= end }
    var last = "finish"
    if let timeline = reference.document["timeline"] {
      // An interaction ends with its decision's actions at the timeline's end.
      let timelineEnd = try XCTUnwrap(timeline["end"]?.number) * 1000
      due = times.first { $0 >= timelineEnd }
      if timeline["decision"]?.text == "cancel" { last = "cancel" }
    }
    guard steps.count == 2, steps[0] == ("start", 0), steps[1].0 == last, let due else {
      result.failures.append("\(name): actions \(steps), the last row ends at \(end) ms")
      return
    }
    if steps[1].1 != due {
      result.failures.append(
        "\(name): finish at t=\(steps[1].1), due at the frame t=\(due) (rows end at \(end) ms after the set's zero)"
      )
    }
  }
}
