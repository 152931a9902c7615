import JSON
import TransitionEngine

extension AndroidPlatform {
  /// A keyframe timeline's layer: a View laid out at the base and classed by the rules a plan's
  /// layer follows (``Base/init(origin:frames:)``, ``Geometry/init(_:)``) over every sample,
  /// one keyframe row for each View property (as a plan's rows name them) whose samples move.
  static func writeLayer(
    _ layer: NativeKeyframeLayer, rows writesRows: Bool, _ meta: inout NativeMeta,
    _ w: inout JSONWriter
  ) {
    let info = layer.info
    let states = layer.states
    let first = states[0]
    let base = Base(origin: first.frame, frames: states.map(\.frame))
    let g = Geometry(states.map(\.transform))
    let geometry = states.map { properties($0.frame, $0.transform, g, base, anchor: info.anchor) }
    let details = layer.details
    let initial = Initial(
      geometry[0], g, alpha: first.alpha,
      cornerRadius: info.reportsCornerRadius ? details?[0].cornerRadius : nil,
      content: info.hasContentFrame ? details?[0].contentFrame : nil,
      shadowOpacity: info.shadow != nil ? details?[0].shadowOpacity : nil)
    var rows: [Row] = []
    func append(_ moving: [(name: String, values: [NativeValue])]) {
      for row in moving {
        rows.append(Row(property: row.name, timing: 0, startDelay: 0, values: row.values))
      }
    }
    if writesRows {
      let moving = NativeKeyframeLayer.movingRows(geometry) { values in
        g == .matrix ? [("matrix", values)] : zip(geometryNames, values).map { ($0, [$1]) }
      }
      append(moving)
      // A frame or a transform that moves is sampled when it changes: the rows carry both.
      if !moving.isEmpty {
        if states.contains(where: { $0.frame != first.frame }) {
          meta.sampled(info.id, "frame", .keyframes)
        }
        if states.contains(where: { $0.transform != first.transform }) {
          meta.sampled(info.id, "transform", .keyframes)
        }
      }
      for property in [LayerProperty.alpha, .cornerRadius, .contentFrame, .shadowOpacity] {
        guard let samples = layer.samples(property) else { continue }
        let moving = NativeKeyframeLayer.movingRows(samples) { value in
          zip(names(property), numbers(value)).map { ($0, [$1]) }
        }
        guard !moving.isEmpty else { continue }
        append(moving)
        meta.sampled(info.id, property.rawValue, .keyframes)
      }
    }
    writeLayer(
      id: info.id, content: info.content, base: base, shadow: info.shadow, initial, rows, &w)
  }
}
