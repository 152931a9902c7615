import JSON
import TransitionEngine

/// The `coreanimation` document (docs/NATIVE.md 3): per layer its CALayer model at the end and
/// the animations that run it there - `CABasicAnimation`s and `CASpringAnimation`s wherever the
/// platform has the exact primitive, `CAKeyframeAnimation`s placed by docs/NATIVE.md 2.3 for
/// what it has not (arcs, general matrix paths).
struct CoreAnimationPlatform: NativePlatform {
  enum Entry: Equatable {
    case basic(duration: Double, curve: [Double])
    case spring(
      duration: Double, mass: Double, stiffness: Double, damping: Double, velocity: Double,
      overdamped: Bool)
    case keyframe(duration: Double, keyTimes: [Double])
  }

  struct Row {
    var keyPath: String
    var timing: Int
    var beginTime: Double
    var additive = false
    var valueFunction: String? = nil
    var from: NativeValue? = nil
    var to: NativeValue? = nil
    var values: [NativeValue] = []
  }

  let source: NativeDocument.Source
  let grid: [Double]
  var timings = NativeTimingTable<Entry>()
  var meta = NativeMeta()
  var sampler = NativeSampler()
  /// Sampled groups already placed, by what determines them (a pair's two layers have equal
  /// frame tracks and anchors, and share the work).
  var placed: [PlacedKey: NativeSampler.Keys] = [:]

  /// What a sampled group's keys depend on: the row, the track, the anchor, and for a row
  /// measured at the layer's corners the layer (its other rows).
  struct PlacedKey: Hashable {
    var row: String
    var track: Track
    var anchor: Point
    var layer: String? = nil
  }

  static let format: StaticString = "coreanimation"

  init(_ source: NativeDocument.Source) {
    self.source = source
    grid = source.outline.grid
  }

  static func keyframes(duration: Double, keyTimes: [Double]) -> Entry {
    .keyframe(duration: duration, keyTimes: keyTimes)
  }

  // MARK: - Rows (docs/NATIVE.md 3.4, 5.1)

  var planTiming: Timing { source.outline.timing }

  /// A layer's rows and its content layer's rows.
  typealias LayerRows = (main: [Row], content: [Row])

  /// A layer's rows and its content layer's rows, in its tracks' order.
  mutating func rows(_ layer: Layer) -> LayerRows {
    var main: [Row] = []
    var content: [Row] = []
    for track in layer.tracks {
      let native = NativeTrack(track, planTiming: planTiming)
      let property = track.change.layerProperty
      var reason: NativeMeta.Reason? = nil
      var made: [Row] = []
      switch track.motion {
      case .none: made = plainRows(native, layer, &reason)
      case .spring: made = springRows(native, layer, &reason)
      case .additive: made = additiveRows(native, layer, &reason)
      }
      if let reason {
        meta.sampled(layer.id, property.rawValue, reason)
      } else {
        meta.exact(layer.id, property.rawValue)
      }
      if property == .contentFrame { content += made } else { main += made }
    }
    return (main, content)
  }

  // MARK: - Writing (docs/NATIVE.md 3.1-3.3)

  static func write(_ entry: Entry, _ w: inout JSONWriter) {
    switch entry {
    case .basic(let duration, let curve):
      w.raw("{\"kind\":\"basic\",\"duration\":")
      w.number(duration)
      w.raw(",\"fillMode\":\"backwards\",\"timingFunction\":")
      NativeDocument.writeNumbers(curve, &w)
    case .spring(let duration, let m, let k, let c, let v, let overdamped):
      w.raw("{\"kind\":\"spring\",\"duration\":")
      w.number(duration)
      w.raw(",\"fillMode\":\"backwards\",\"mass\":")
      w.number(m)
      w.raw(",\"stiffness\":")
      w.number(k)
      w.raw(",\"damping\":")
      w.number(c)
      w.raw(",\"initialVelocity\":")
      w.number(v)
      if overdamped { w.raw(",\"allowsOverdamping\":true") }
    case .keyframe(let duration, let keyTimes):
      w.raw("{\"kind\":\"keyframe\",\"duration\":")
      w.number(duration)
      w.raw(",\"fillMode\":\"backwards\",\"calculationMode\":\"linear\",\"keyTimes\":")
      NativeDocument.writeNumbers(keyTimes, &w)
    }
    w.byte(UInt8(ascii: "}"))
  }

  static func write(_ rows: [Row], _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "["))
    for (i, row) in rows.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{\"keyPath\":")
      w.string(row.keyPath)
      w.raw(",\"timing\":")
      w.integer(Int64(row.timing))
      w.raw(",\"beginTime\":")
      w.number(row.beginTime)
      if row.additive { w.raw(",\"additive\":true") }
      if let f = row.valueFunction {
        w.raw(",\"valueFunction\":")
        w.string(f)
      }
      if let from = row.from, let to = row.to {
        w.raw(",\"fromValue\":")
        from.write(&w)
        w.raw(",\"toValue\":")
        to.write(&w)
      } else {
        w.raw(",\"values\":")
        NativeValue.write(row.values, &w)
      }
      w.byte(UInt8(ascii: "}"))
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// `{"id", "content", "model"[, "contentLayer"], "animations"}`; the model is the layer's
  /// state at the end (docs/NATIVE.md 3.2).
  func writeLayer(_ layer: Layer, index: Int, _ rows: LayerRows, _ w: inout JSONWriter) {
    let model = Model(
      frame: layer.endValue(.frame)!.rectValue, anchor: layer.anchor,
      opacity: layer.endValue(.alpha)!.numberValue,
      transform: layer.endValue(.transform)!.transformValue,
      cornerRadius: layer.reportsCornerRadius
        ? layer.endValue(.cornerRadius)!.numberValue : nil,
      masksToBounds: layer.reportsCornerRadius || layer.contentFrame != nil, zPosition: index,
      shadow: layer.shadow.map { ($0, layer.endValue(.shadowOpacity)!.numberValue) },
      contentFrame: layer.endValue(.contentFrame)?.rectValue)
    Self.writeLayer(
      id: layer.id, content: layer.content, model, rows.main, content: rows.content, &w)
  }

  /// A layer's model values (docs/NATIVE.md 3.2) and its content layer's frame.
  struct Model {
    var frame: Rect
    var anchor: Point
    var opacity: Double
    var transform: Transform3D
    var cornerRadius: Double?
    var masksToBounds: Bool
    var zPosition: Int
    var shadow: (LayerShadow, opacity: Double)?
    var contentFrame: Rect?
  }

  static func writeLayer(
    id: String, content layerContent: LayerContent, _ model: Model, _ rows: [Row],
    content: [Row], _ w: inout JSONWriter
  ) {
    w.raw("{\"id\":")
    w.string(id)
    w.raw(",\"content\":")
    w.content(layerContent)
    w.raw(",\"model\":{\"position\":")
    w.point(model.frame.position(anchor: model.anchor))
    w.raw(",\"bounds\":")
    w.size(model.frame.size)
    w.raw(",\"anchorPoint\":")
    w.point(model.anchor)
    w.raw(",\"opacity\":")
    w.number(model.opacity)
    if !model.transform.isIdentity {
      w.raw(",\"transform\":")
      w.transform(model.transform)
    }
    if let radius = model.cornerRadius {
      w.raw(",\"cornerRadius\":")
      w.number(radius)
    }
    if model.masksToBounds {
      w.raw(",\"masksToBounds\":true")
    }
    w.raw(",\"zPosition\":")
    w.integer(Int64(model.zPosition))
    if let (shadow, opacity) = model.shadow {
      w.raw(",\"shadow\":{\"color\":")
      w.string(shadow.color)
      w.raw(",\"opacity\":")
      w.number(opacity)
      w.raw(",\"radius\":")
      w.number(shadow.radius)
      w.raw(",\"offset\":{\"width\":")
      w.number(shadow.offset.x)
      w.raw(",\"height\":")
      w.number(shadow.offset.y)
      w.raw("}}")
    }
    w.byte(UInt8(ascii: "}"))
    if let contentFrame = model.contentFrame {
      w.raw(",\"contentLayer\":{\"model\":{\"position\":")
      w.point(contentFrame.origin)
      w.raw(",\"bounds\":")
      w.size(contentFrame.size)
      w.raw("},\"animations\":")
      write(content, &w)
      w.byte(UInt8(ascii: "}"))
    }
    w.raw(",\"animations\":")
    write(rows, &w)
    w.byte(UInt8(ascii: "}"))
  }
}
