import TransitionEngine

/// The fill the picture formats (Lottie, SVG) give a layer: its own colour for colour content,
/// else a fixed colour per kind of content, so that the kinds are told apart at a glance.
enum ContentPalette {
  static func hex(_ content: LayerContent) -> String {
    switch content {
    case .color(let color): color
    case .screen: "#A2A9B4"
    case .snapshot: "#5B8DEF"
    case .element: "#F29D38"
    case .slice: "#53B87A"
    }
  }

  /// `#RRGGBB` as red, green, blue in 0...255.
  static func rgb(_ hex: String) -> (Int, Int, Int) {
    let c = components(hex).map { Int(($0 * 255).rounded()) }
    return (c[0], c[1], c[2])
  }

  /// `#RRGGBB` as red, green, blue in 0...1 (black for anything else; validation only lets
  /// `#RRGGBB` into plans).
  static func components(_ hex: String) -> [Double] {
    let digits = Array(hex.utf8.dropFirst())
    guard hex.hasPrefix("#"), digits.count == 6 else { return [0, 0, 0] }
    return (0..<3).map { i in
      let text = String(decoding: digits[(2 * i)..<(2 * i + 2)], as: UTF8.self)
      return Double(UInt8(text, radix: 16) ?? 0) / 255
    }
  }
}
