import TransitionEngine

/// A point of a plain frame track's rect (a layer's `position`, Android's translation)
/// evaluated from the track's numbers: its schedule, its curve (a bezier or a spring), its ends
/// and its arc. The same arithmetic as `NativeTrack.continuedRect` followed by the row's
/// reading of the rect, bit for bit (progress as `Timing.curveProgress` computes it, the rect
/// by `ChoreographyEvaluator.rect`), without a closure, the track's class, the path's enum or
/// the timing's curve switch per point: the sampler evaluates the hero's arcs about a
/// thousand times per document. A class: the memo tests for it at every lookup, and an
/// optional struct of this size (a bezier's table among it) was copied out at each.
final class NativeRectPoint {
  /// How a row reads its two numbers off the rect `r`.
  enum Reading {
    /// Core Animation's `position`: `r.x + anchor.x * r.width` (and y).
    case anchor(Point)
    /// Android's translation layer: `r.x - base.x + m41`, the transform held (and y).
    case translation(base: Point, held: Point)
    /// Android's scale layer: `r.x + anchor.x * r.width * (1 - m11) - base.x` (and y).
    case scale(anchor: Point, held: Point, base: Point)
  }

  let start: Double
  let end: Double
  let duration: Double
  /// The track's curve: exactly one of the two is set.
  let bezier: UnitBezier?
  let spring: DampedSpring?
  let from: Rect
  let to: Rect
  let arc: (Point, Point, Point)?
  let reading: Reading

  /// Nil for a track the sampler must evaluate through its kinematics (a motion) or that is
  /// not a rect.
  init?(_ t: NativeTrack, _ reading: Reading) {
    guard t.track.motion == nil else { return nil }
    switch t.track.change {
    case .frame(let a, let b):
      (from, to) = (a, b)
      arc = t.track.arcControl.map { (a.center, $0, b.center) }
    case .contentFrame(let a, let b):
      (from, to) = (a, b)
      arc = nil
    default:
      return nil
    }
    switch t.timing.curve {
    case .bezier(_, let b):
      (bezier, spring) = (b, nil)
    case .spring(_, _, let s), .springPhysics(_, let s), .springResponse(_, _, let s),
      .springBounce(_, _, let s):
      (bezier, spring) = (nil, s)
    }
    (start, end, duration) = (t.start, t.end, t.timing.duration)
    self.reading = reading
  }

  /// Appends the point's two numbers at `t`, the track continued from inside the piece
  /// `(lo, hi)`.
  func append(_ t: Double, _ lo: Double, _ hi: Double, into out: inout [Double]) {
    let u: Double
    if hi <= start {
      u = 0
    } else if lo >= end {
      u = 1
    } else {
      let x = t - start
      if x <= 0 {
        u = 0
      } else if let bezier {
        u = bezier.value(at: x / duration)
      } else {
        u = spring!.progress(at: x)
      }
    }
    let r = ChoreographyEvaluator.rect(from, to, arc, u)
    switch reading {
    case .anchor(let a):
      out.append(r.x + a.x * r.width)
      out.append(r.y + a.y * r.height)
    case .translation(let base, let m):
      out.append(r.x - base.x + m.x)
      out.append(r.y - base.y + m.y)
    case .scale(let a, let m, let base):
      out.append(r.x + a.x * r.width * (1 - m.x) - base.x)
      out.append(r.y + a.y * r.height * (1 - m.y) - base.y)
    }
  }
}
