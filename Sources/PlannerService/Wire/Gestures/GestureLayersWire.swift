import JSON
import TransitionEngine

extension PlanEncoder {
  /// `[...]`: a gesture answer's layers with their keyframes (docs/GESTURES.md 6).
  static func writeLayers(_ layers: GestureLayers, _ w: inout JSONWriter) {
    writeLayers(
      layers.layers, times: layers.times, keyframes: layers.keyframes, details: layers.details,
      rounded: layers.rounded, &w)
  }

  /// Bytes a gesture answer's layers need.
  static func estimatedSize(_ layers: GestureLayers) -> Int {
    estimatedSize(layers.layers, frames: layers.times.count) + 48 * layers.times.count
  }
}

extension JSONWriter {
  /// A curve parameter as docs/GESTURES.md 3.1 echoes it: its name, or
  /// `{"type":"cubicBezier","x1","y1","x2","y2"}`.
  mutating func curve(_ curve: GestureCurve) {
    if let name = curve.name {
      string(name.rawValue)
      return
    }
    guard let b = curve.bezier else { return }
    raw("{\"type\":\"cubicBezier\",\"x1\":")
    number(b.x1)
    raw(",\"y1\":")
    number(b.y1)
    raw(",\"x2\":")
    number(b.x2)
    raw(",\"y2\":")
    number(b.y2)
    byte(UInt8(ascii: "}"))
  }
}
