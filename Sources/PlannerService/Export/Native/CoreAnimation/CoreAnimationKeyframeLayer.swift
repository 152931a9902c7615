import JSON
import TransitionEngine

extension CoreAnimationPlatform {
  /// A keyframe timeline's layer: its model the last sample's state, one keyframe row for each
  /// key path (``keyPaths(_:_:anchor:)``, as a plan's rows name them) whose samples move.
  static func writeLayer(
    _ layer: NativeKeyframeLayer, rows writesRows: Bool, _ meta: inout NativeMeta,
    _ w: inout JSONWriter
  ) {
    let info = layer.info
    let last = layer.states[layer.states.count - 1]
    let lastDetail = layer.details?.last
    let model = Model(
      frame: last.frame, anchor: info.anchor, opacity: last.alpha, transform: last.transform,
      cornerRadius: info.reportsCornerRadius ? lastDetail?.cornerRadius : nil,
      masksToBounds: info.reportsCornerRadius || info.hasContentFrame, zPosition: layer.index,
      shadow: info.shadow.flatMap { shadow in lastDetail.map { (shadow, $0.shadowOpacity) } },
      contentFrame: info.hasContentFrame ? lastDetail?.contentFrame : nil)
    var content: [Row] = []
    var rows: [Row] = []
    if writesRows {
      // The content layer's rows first, then the layer's in the document's key path order.
      for property in [
        LayerProperty.contentFrame, .frame, .alpha, .transform, .cornerRadius, .shadowOpacity,
      ] {
        guard let samples = layer.samples(property) else { continue }
        let moving = NativeKeyframeLayer.movingRows(samples) { value in
          keyPaths(value, property, anchor: info.anchor).map { ($0.0, $0.1) }
        }
        guard !moving.isEmpty else { continue }
        let made = moving.map { Row(keyPath: $0.name, timing: 0, beginTime: 0, values: $0.values) }
        if property == .contentFrame { content += made } else { rows += made }
        meta.sampled(info.id, property.rawValue, .keyframes)
      }
    }
    writeLayer(id: info.id, content: info.content, model, rows, content: content, &w)
  }
}
