import JSON
import TransitionEngine

/// The `android` document (docs/NATIVE.md 4): every layer a View laid out once at a base frame
/// and moved by its render properties (translation and scale about pivot (0, 0), alpha, an
/// animation matrix for what those cannot express) and custom properties the app applies
/// (radius, content frame, shadow opacity); `ObjectAnimator`s with `PathInterpolator`s and
/// `SpringAnimation`s where the platform has the primitive, keyframes placed by
/// docs/NATIVE.md 2.3 where it has not.
struct AndroidPlatform: NativePlatform {
  enum Entry: Equatable {
    case pathInterpolator(duration: Double, curve: [Double])
    case spring(duration: Double, dampingRatio: Double, stiffness: Double)
    case keyframes(duration: Double, fractions: [Double])
  }

  struct Row {
    var property: String
    var timing: Int
    var startDelay: Double
    var from: NativeValue? = nil
    var to: NativeValue? = nil
    var startVelocity: Double? = nil
    var values: [NativeValue] = []
  }

  let source: NativeDocument.Source
  let grid: [Double]
  var timings = NativeTimingTable<Entry>()
  var meta = NativeMeta()
  var sampler = NativeSampler()
  /// Sampled geometry by everything its values and deviation depend on: a hero pair's two
  /// layers fly the same frame track from the same base, so they share their keyframes (as
  /// CA's pairs share their `position` rows) and the arc is sampled once.
  var placed: [GroupKey: NativeSampler.Keys] = [:]

  struct GroupKey: Hashable {
    var frame: Track?
    var transform: Track?
    var heldFrame: Rect
    var heldTransform: Transform3D
    var geometry: Geometry
    var base: Base
    var anchor: Point
    var names: [String]
  }

  static let format: StaticString = "android"

  init(_ source: NativeDocument.Source) {
    self.source = source
    grid = source.outline.grid
  }

  static func keyframes(duration: Double, keyTimes: [Double]) -> Entry {
    .keyframes(duration: duration, fractions: keyTimes)
  }

  var planTiming: Timing { source.outline.timing }

  // MARK: - Rows (docs/NATIVE.md 4.4, 5.1)

  mutating func rows(_ layer: Layer) -> [Row] {
    var rows: [Row] = []
    var geometryDone = false
    for track in layer.tracks {
      let property = track.change.layerProperty
      if property == .frame || property == .transform {
        // Written once, at the first geometric track, for both.
        if !geometryDone { rows += geometryRows(layer) }
        geometryDone = true
        continue
      }
      let t = NativeTrack(track, planTiming: planTiming)
      var reason: NativeMeta.Reason? = nil
      rows += propertyRows(t, layer, &reason)
      record(layer.id, property, reason)
    }
    return rows
  }

  mutating func record(
    _ layer: String, _ property: LayerProperty, _ reason: NativeMeta.Reason?
  ) {
    if let reason {
      meta.sampled(layer, property.rawValue, reason)
    } else {
      meta.exact(layer, property.rawValue)
    }
  }

  // MARK: - Writing (docs/NATIVE.md 4.2, 4.4)

  static func write(_ entry: Entry, _ w: inout JSONWriter) {
    switch entry {
    case .pathInterpolator(let duration, let c):
      w.raw("{\"kind\":\"pathInterpolator\",\"duration\":")
      w.number(duration)
      w.raw(",\"x1\":")
      w.number(c[0])
      w.raw(",\"y1\":")
      w.number(c[1])
      w.raw(",\"x2\":")
      w.number(c[2])
      w.raw(",\"y2\":")
      w.number(c[3])
    case .spring(let duration, let ratio, let stiffness):
      w.raw("{\"kind\":\"spring\",\"duration\":")
      w.number(duration)
      w.raw(",\"dampingRatio\":")
      w.number(ratio)
      w.raw(",\"stiffness\":")
      w.number(stiffness)
    case .keyframes(let duration, let fractions):
      w.raw("{\"kind\":\"keyframes\",\"duration\":")
      w.number(duration)
      w.raw(",\"fractions\":")
      NativeDocument.writeNumbers(fractions, &w)
    }
    w.byte(UInt8(ascii: "}"))
  }

  func writeLayer(_ layer: Layer, index: Int, _ rows: [Row], _ w: inout JSONWriter) {
    let g = Self.geometry(layer)
    let base = Self.base(layer)
    let initial = Initial(
      Self.properties(layer.frame, layer.transform, g, base, anchor: layer.anchor), g,
      alpha: layer.alpha, cornerRadius: layer.reportsCornerRadius ? layer.cornerRadius : nil,
      content: layer.contentFrame,
      shadowOpacity: layer.shadow != nil ? layer.shadowOpacity : nil)
    Self.writeLayer(
      id: layer.id, content: layer.content, base: base, shadow: layer.shadow, initial, rows, &w)
  }

  /// A View's values at the start (docs/NATIVE.md 4.2's `initial`): its translation and scale
  /// (`geometry`, ignored on a matrix layer, which starts at 0 and 1 with its `matrix`), alpha,
  /// and the custom properties the layer has.
  struct Initial {
    var geometry: [Double]
    var alpha: Double
    var matrix: [Double]?
    var cornerRadius: Double?
    var content: Rect?
    var shadowOpacity: Double?
  }

  /// `{"id", "content", "frame"[, "shadow"], "initial", "animations"}`.
  static func writeLayer(
    id: String, content: LayerContent, base: Base, shadow: LayerShadow?, _ initial: Initial,
    _ rows: [Row], _ w: inout JSONWriter
  ) {
    w.raw("{\"id\":")
    w.string(id)
    w.raw(",\"content\":")
    w.content(content)
    w.raw(",\"frame\":")
    w.rect(Rect(x: base.x, y: base.y, width: base.width, height: base.height))
    if let shadow {
      w.raw(",\"shadow\":{\"color\":")
      w.string(shadow.color)
      w.raw(",\"radius\":")
      w.number(shadow.radius)
      w.raw(",\"offset\":")
      w.point(shadow.offset)
      w.byte(UInt8(ascii: "}"))
    }
    let matrix = initial.matrix != nil
    w.raw(",\"initial\":{\"translationX\":")
    w.number(matrix ? 0 : initial.geometry[0])
    w.raw(",\"translationY\":")
    w.number(matrix ? 0 : initial.geometry[1])
    w.raw(",\"scaleX\":")
    w.number(matrix ? 1 : initial.geometry[2])
    w.raw(",\"scaleY\":")
    w.number(matrix ? 1 : initial.geometry[3])
    w.raw(",\"alpha\":")
    w.number(initial.alpha)
    if let m = initial.matrix {
      w.raw(",\"matrix\":")
      NativeDocument.writeNumbers(m, &w)
    }
    if let radius = initial.cornerRadius {
      w.raw(",\"cornerRadius\":")
      w.number(radius)
    }
    if let c = initial.content {
      w.raw(",\"contentX\":")
      w.number(c.x)
      w.raw(",\"contentY\":")
      w.number(c.y)
      w.raw(",\"contentWidth\":")
      w.number(c.width)
      w.raw(",\"contentHeight\":")
      w.number(c.height)
    }
    if let opacity = initial.shadowOpacity {
      w.raw(",\"shadowOpacity\":")
      w.number(opacity)
    }
    w.raw("},\"animations\":[")
    for (i, row) in rows.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{\"property\":")
      w.string(row.property)
      w.raw(",\"timing\":")
      w.integer(Int64(row.timing))
      w.raw(",\"startDelay\":")
      w.number(row.startDelay)
      if let from = row.from, let to = row.to {
        w.raw(",\"from\":")
        from.write(&w)
        w.raw(",\"to\":")
        to.write(&w)
        if let v = row.startVelocity {
          w.raw(",\"startVelocity\":")
          w.number(v)
        }
      } else {
        w.raw(",\"values\":")
        NativeValue.write(row.values, &w)
      }
      w.byte(UInt8(ascii: "}"))
    }
    w.raw("]}")
  }
}

extension AndroidPlatform.Initial {
  /// A layer's start: `geometry` its class's values (``properties(_:_:_:_:anchor:)``), a
  /// matrix layer's its matrix.
  init(
    _ geometry: [Double], _ g: AndroidPlatform.Geometry, alpha: Double, cornerRadius: Double?,
    content: Rect?,
    shadowOpacity: Double?
  ) {
    self.init(
      geometry: geometry, alpha: alpha, matrix: g == .matrix ? geometry : nil,
      cornerRadius: cornerRadius, content: content, shadowOpacity: shadowOpacity)
  }
}

extension TrackMotion {
  var isAdditive: Bool { if case .additive = self { true } else { false } }
}
