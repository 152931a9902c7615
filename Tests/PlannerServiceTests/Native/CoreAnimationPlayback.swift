import JSON
import TransitionEngine
import XCTest

/// A `coreanimation` document played by docs/NATIVE.md 3.5's semantics, as Core Animation
/// would play it: rows active on `[beginTime, beginTime + duration)`, `fillMode` backwards
/// before, removed after (the model shows), additive rows added to what the others give.
struct CoreAnimationPlayback {
  struct Entry {
    var kind: String
    var duration: Double
    var timingFunction: [Double] = []
    var mass = 0.0, stiffness = 0.0, damping = 0.0, initialVelocity = 0.0
    var allowsOverdamping = false
    var keyTimes: [Double] = []
  }

  struct Row {
    var keyPath: String
    var timing: Int
    var beginTime: Double
    var additive: Bool
    var valueFunction: String?
    var from: [Double]?
    var to: [Double]?
    var values: [[Double]]
  }

  /// What a layer shows at an instant (the presentation layer's values).
  struct Presentation {
    var values: [String: Double] = [:]
    var transform: [Double] = Transform3DValues.identity
    var content: Rect?

    var frame: Rect {
      let (w, h) = (values["bounds.size.width"]!, values["bounds.size.height"]!)
      let (ax, ay) = (values["anchorPoint.x"]!, values["anchorPoint.y"]!)
      return Rect(
        x: values["position.x"]! - ax * w, y: values["position.y"]! - ay * h, width: w, height: h)
    }

    var corners: [Point] {
      LayerGeometry(
        frame: frame, anchor: Point(x: values["anchorPoint.x"]!, y: values["anchorPoint.y"]!),
        transform: Transform3D(transform)
      ).projectedCorners
    }
  }

  struct PlayedLayer {
    var id: String
    var model: Presentation
    var rows: [Row]
    var contentModel: Rect?
    var contentRows: [Row]
    var hasTransformKeyframes: Bool {
      rows.contains { $0.keyPath == "transform" && !$0.values.isEmpty }
    }
  }

  let document: JSONValue
  let entries: [Entry]
  let layers: [PlayedLayer]

  init(_ bytes: [UInt8]) throws {
    document = try JSONParser.parse(bytes)
    entries = try (document["timings"]?.array ?? []).map(Self.entry)
    layers = try (document["layers"]?.array ?? []).map(Self.layer)
  }

  /// Which of Core Animation's two possible readings of a matrix keyframe blend to play.
  enum MatrixBlend { case lerp, decomposition }

  func present(_ layer: PlayedLayer, at t: Double, blend: MatrixBlend = .lerp) -> Presentation {
    var p = layer.model
    for row in layer.rows {
      guard let value = value(of: row, at: t, blend: blend) else { continue }
      apply(row, value, to: &p)
    }
    if var content = layer.contentModel {
      var c = Presentation()
      c.values = [
        "position.x": content.x, "position.y": content.y, "bounds.size.width": content.width,
        "bounds.size.height": content.height,
      ]
      for row in layer.contentRows {
        guard let value = value(of: row, at: t, blend: blend) else { continue }
        apply(row, value, to: &c)
      }
      content = Rect(
        x: c.values["position.x"]!, y: c.values["position.y"]!,
        width: c.values["bounds.size.width"]!, height: c.values["bounds.size.height"]!)
      p.content = content
    }
    return p
  }

  /// A row's value at `t`, nil once it has been removed.
  func value(of row: Row, at t: Double, blend: MatrixBlend) -> [Double]? {
    let e = entries[row.timing]
    var local = t - row.beginTime
    if local >= e.duration { return nil }
    if local < 0 { local = 0 }  // fillMode backwards
    switch e.kind {
    case "basic":
      return NativeCurves.lerp(
        row.from!, row.to!, NativeCurves.bezier(e.timingFunction, local / e.duration))
    case "spring":
      let x = NativeCurves.spring(
        mass: e.mass, stiffness: e.stiffness, damping: e.damping, x0: -1, v0: e.initialVelocity,
        t: local, criticalAboveOne: !e.allowsOverdamping)
      return NativeCurves.lerp(row.from!, row.to!, 1 + x)
    default:
      let (i, f) = NativeCurves.keyframes(e.keyTimes, row.values, local / e.duration)
      let (a, b) = (row.values[i], row.values[i + 1])
      if a.count == 16, blend == .decomposition {
        guard let da = DecomposedTransform(Transform3D(a)),
          let db = DecomposedTransform(Transform3D(b))
        else { return NativeCurves.lerp(a, b, f) }
        return Transform3DValues.of(DecomposedTransform.interpolate(da, db, f).recomposed)
      }
      return NativeCurves.lerp(a, b, f)
    }
  }

  func apply(_ row: Row, _ value: [Double], to p: inout Presentation) {
    func set(_ key: String, _ v: Double) {
      p.values[key] = row.additive ? p.values[key]! + v : v
    }
    switch row.keyPath {
    case "position":
      set("position.x", value[0])
      set("position.y", value[1])
    case "bounds.size":
      set("bounds.size.width", value[0])
      set("bounds.size.height", value[1])
    case "transform":
      XCTAssertFalse(row.additive, "additive transforms are never written")
      switch row.valueFunction {
      case "translate":
        p.transform = Transform3DValues.of(.translation(x: value[0], y: value[1], z: value[2]))
      case "scale":
        p.transform = Transform3DValues.of(.scale(x: value[0], y: value[1], z: value[2]))
      default: p.transform = value
      }
    case let path where path.hasPrefix("transform.translation."):
      let axis = ["x": 12, "y": 13, "z": 14][String(path.dropFirst(22))]!
      p.transform[axis] = row.additive ? p.transform[axis] + value[0] : value[0]
    case let path where path.hasPrefix("transform.scale."):
      let axis = ["x": 0, "y": 5, "z": 10][String(path.dropFirst(16))]!
      p.transform[axis] = row.additive ? p.transform[axis] + value[0] : value[0]
    default:
      set(row.keyPath, value[0])
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
    XCTAssertEqual(v["fillMode"]?.text, "backwards")
    switch e.kind {
    case "basic": e.timingFunction = try XCTUnwrap(numbers(v["timingFunction"]))
    case "spring":
      e.mass = try XCTUnwrap(v["mass"]?.number)
      e.stiffness = try XCTUnwrap(v["stiffness"]?.number)
      e.damping = try XCTUnwrap(v["damping"]?.number)
      e.initialVelocity = try XCTUnwrap(v["initialVelocity"]?.number)
      if case .bool(let b) = v["allowsOverdamping"] {
        XCTAssertTrue(b, "allowsOverdamping is written only when true")
        e.allowsOverdamping = b
      }
    case "keyframe":
      XCTAssertEqual(v["calculationMode"]?.text, "linear")
      e.keyTimes = try XCTUnwrap(numbers(v["keyTimes"]))
    default: XCTFail("unknown entry kind \(e.kind)")
    }
    return e
  }

  static func row(_ v: JSONValue) throws -> Row {
    var additive = false
    if case .bool(let b) = v["additive"] { additive = b }
    return Row(
      keyPath: try XCTUnwrap(v["keyPath"]?.text),
      timing: Int(try XCTUnwrap(v["timing"]?.number)),
      beginTime: try XCTUnwrap(v["beginTime"]?.number), additive: additive,
      valueFunction: v["valueFunction"]?.text, from: numbers(v["fromValue"]),
      to: numbers(v["toValue"]), values: v["values"]?.array?.map { numbers($0)! } ?? [])
  }

  static func layer(_ v: JSONValue) throws -> PlayedLayer {
    let model = try XCTUnwrap(v["model"])
    var p = Presentation()
    p.values["position.x"] = try XCTUnwrap(model["position"]?["x"]?.number)
    p.values["position.y"] = try XCTUnwrap(model["position"]?["y"]?.number)
    p.values["bounds.size.width"] = try XCTUnwrap(model["bounds"]?["width"]?.number)
    p.values["bounds.size.height"] = try XCTUnwrap(model["bounds"]?["height"]?.number)
    p.values["anchorPoint.x"] = try XCTUnwrap(model["anchorPoint"]?["x"]?.number)
    p.values["anchorPoint.y"] = try XCTUnwrap(model["anchorPoint"]?["y"]?.number)
    p.values["opacity"] = try XCTUnwrap(model["opacity"]?.number)
    if let m = numbers(model["transform"]) { p.transform = m }
    p.values["cornerRadius"] = model["cornerRadius"]?.number ?? 0
    p.values["shadowOpacity"] = model["shadow"]?["opacity"]?.number ?? 0
    var contentModel: Rect? = nil
    var contentRows: [Row] = []
    if let content = v["contentLayer"] {
      contentModel = Rect(
        x: try XCTUnwrap(content["model"]?["position"]?["x"]?.number),
        y: try XCTUnwrap(content["model"]?["position"]?["y"]?.number),
        width: try XCTUnwrap(content["model"]?["bounds"]?["width"]?.number),
        height: try XCTUnwrap(content["model"]?["bounds"]?["height"]?.number))
      contentRows = try (content["animations"]?.array ?? []).map(row)
    }
    return PlayedLayer(
      id: try XCTUnwrap(v["id"]?.text), model: p,
      rows: try (v["animations"]?.array ?? []).map(row), contentModel: contentModel,
      contentRows: contentRows)
  }
}

/// CATransform3D's 16 numbers in memory order.
enum Transform3DValues {
  static let identity = of(.identity)

  static func of(_ m: Transform3D) -> [Double] {
    [
      m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41,
      m.m42, m.m43, m.m44,
    ]
  }
}
