/// Where an element draws content of an intrinsic size in bounds of a size, per content mode
/// (docs/TIMING.md section 10), in the layer's own coordinates.
public enum ContentFit {
  public static func rect(_ mode: ContentMode, content c: Size, in bounds: Size) -> Rect {
    let w = bounds.width
    let h = bounds.height
    switch mode {
    case .scaleToFill:
      return Rect(x: 0, y: 0, width: w, height: h)
    case .aspectFit, .aspectFill:
      let sx = w / c.width
      let sy = h / c.height
      let s = mode == .aspectFit ? min(sx, sy) : max(sx, sy)
      let cw = c.width * s
      let ch = c.height * s
      return Rect(x: (w - cw) / 2, y: (h - ch) / 2, width: cw, height: ch)
    case .center:
      return Rect(x: (w - c.width) / 2, y: (h - c.height) / 2, width: c.width, height: c.height)
    }
  }
}
