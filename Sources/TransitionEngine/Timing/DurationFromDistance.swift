/// Hero's `HeroDefaultAnimator` duration for a frame flying `from -> to` (docs/TIMING.md
/// section 8): 0.208 s standing still, growing with the distance moved and resized, 0.375 s
/// from 500 points on.
public enum DurationFromDistance {
  public static func duration(from f0: Rect, to f1: Rect) -> Double {
    let c0 = f0.center
    let c1 = f1.center
    let move =
      hypot(c1.x - c0.x, c1.y - c0.y) + hypot(f1.width - f0.width, f1.height - f0.height)
    return 0.208 + min(max(move, 0), 500) / 3000
  }
}
