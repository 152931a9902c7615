import JSON
import TransitionEngine
import XCTest

/// An `android` document played by docs/NATIVE.md 4.5's semantics (the exact cubic, as
/// Compose solves it; SpringForce's closed form with mass 1; linear keyframes): every property
/// holds its `initial` value until its row starts and keeps the row's last value after it.
struct AndroidPlayback {
  struct Entry {
    var kind: String
    var duration: Double
    var curve: [Double] = []
    var dampingRatio = 0.0, stiffness = 0.0
    var fractions: [Double] = []
  }

  struct Row {
    var property: String
    var timing: Int
    var startDelay: Double
    var from: Double?
    var to: Double?
    var startVelocity: Double?
    var values: [[Double]]
  }

  struct Presentation {
    var values: [String: Double]
    var matrix: [Double]?
    var base: Rect

    /// The View's four corners: its base rect through scale and translation (pivot 0, 0), then
    /// the animation matrix, plus the base origin.
    var corners: [Point] {
      let local = [(0.0, 0.0), (base.width, 0), (base.width, base.height), (0, base.height)]
      return local.map { u, v in
        let (sx, sy) = (values["scaleX"]!, values["scaleY"]!)
        let (tx, ty) = (values["translationX"]!, values["translationY"]!)
        var (x, y) = (u * sx + tx, v * sy + ty)
        if let m = matrix {
          let w = m[6] * x + m[7] * y + m[8]
          (x, y) = ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
        }
        return Point(x: base.x + x, y: base.y + y)
      }
    }

    var content: Rect? {
      guard let x = values["contentX"] else { return nil }
      return Rect(
        x: x, y: values["contentY"]!, width: values["contentWidth"]!,
        height: values["contentHeight"]!)
    }
  }

  struct PlayedLayer {
    var id: String
    var initial: Presentation
    var rows: [Row]
  }

  let document: JSONValue
  let entries: [Entry]
  let layers: [PlayedLayer]

  init(_ bytes: [UInt8]) throws {
    document = try JSONParser.parse(bytes)
    entries = try (document["timings"]?.array ?? []).map(Self.entry)
    layers = try (document["layers"]?.array ?? []).map(Self.layer)
  }

  func present(_ layer: PlayedLayer, at t: Double) -> Presentation {
    var p = layer.initial
    for row in layer.rows {
      guard let value = value(of: row, at: t) else { continue }
      if row.property == "matrix" { p.matrix = value } else { p.values[row.property] = value[0] }
    }
    return p
  }

  /// A row's value at `t`; nil before it starts (the property keeps its value).
  func value(of row: Row, at t: Double) -> [Double]? {
    let e = entries[row.timing]
    let local = t - row.startDelay
    if local < 0 { return nil }
    switch e.kind {
    case "pathInterpolator":
      if local >= e.duration { return [row.to!] }
      return [row.from! + (row.to! - row.from!) * NativeCurves.bezier(e.curve, local / e.duration)]
    case "spring":
      if local >= e.duration { return [row.to!] }  // the app's cut
      let c = 2 * e.dampingRatio * e.stiffness.squareRoot()
      let x = NativeCurves.spring(
        mass: 1, stiffness: e.stiffness, damping: c, x0: row.from! - row.to!,
        v0: row.startVelocity!, t: local, criticalAboveOne: false)
      return [row.to! + x]
    default:
      if local >= e.duration { return row.values.last! }
      let (i, f) = NativeCurves.keyframes(e.fractions, row.values, local / e.duration)
      return NativeCurves.lerp(row.values[i], row.values[i + 1], f)
    }
  }

  // MARK: - Reading

  static func numbers(_ v: JSONValue?) -> [Double]? {
    if case .number(let n) = v { return [n] }
    return v?.array?.map { $0.number! }
  }

  static func entry(_ v: JSONValue) throws -> Entry {
    var e = Entry(
      kind: try XCTUnwrap(v["kind"]?.text), duration: try XCTUnwrap(v["duration"]?.number))
    switch e.kind {
    case "pathInterpolator":
      e.curve = try ["x1", "y1", "x2", "y2"].map { try XCTUnwrap(v[$0]?.number) }
    case "spring":
      e.dampingRatio = try XCTUnwrap(v["dampingRatio"]?.number)
      e.stiffness = try XCTUnwrap(v["stiffness"]?.number)
    case "keyframes": e.fractions = try XCTUnwrap(numbers(v["fractions"]))
    default: XCTFail("unknown entry kind \(e.kind)")
    }
    return e
  }

  static func row(_ v: JSONValue) throws -> Row {
    Row(
      property: try XCTUnwrap(v["property"]?.text), timing: Int(try XCTUnwrap(v["timing"]?.number)),
      startDelay: try XCTUnwrap(v["startDelay"]?.number), from: v["from"]?.number,
      to: v["to"]?.number, startVelocity: v["startVelocity"]?.number,
      values: v["values"]?.array?.map { numbers($0)! } ?? [])
  }

  static func layer(_ v: JSONValue) throws -> PlayedLayer {
    let frame = try XCTUnwrap(v["frame"])
    let base = Rect(
      x: try XCTUnwrap(frame["x"]?.number), y: try XCTUnwrap(frame["y"]?.number),
      width: try XCTUnwrap(frame["width"]?.number), height: try XCTUnwrap(frame["height"]?.number))
    guard case .object(let members) = v["initial"] else {
      throw NativeDocumentError("layer \(v["id"]?.text ?? "?") has no initial values")
    }
    var values: [String: Double] = [:]
    var matrix: [Double]? = nil
    for m in members {
      if m.key == "matrix" { matrix = numbers(m.value) } else { values[m.key] = m.value.number }
    }
    return PlayedLayer(
      id: try XCTUnwrap(v["id"]?.text),
      initial: Presentation(values: values, matrix: matrix, base: base),
      rows: try (v["animations"]?.array ?? []).map(row))
  }
}
