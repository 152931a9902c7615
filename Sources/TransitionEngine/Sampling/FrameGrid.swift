/// Sample times of a plan: `i / frameRate` for `i = 0 ... floor(duration * frameRate)`, plus a
/// final sample at exactly `duration`; a grid point within 1e-9 s of it is replaced by it.
public enum FrameGrid {
  public static let endTolerance = 1e-9

  public static func times(duration: Double, frameRate: Int) -> [Double] {
    let rate = Double(frameRate)
    let last = Int((duration * rate).rounded(.down))
    var times: [Double] = []
    times.reserveCapacity(last + 2)
    for i in 0...max(last, 0) {
      let t = Double(i) / rate
      if t >= duration - endTolerance { break }
      times.append(t)
    }
    times.append(duration)
    return times
  }

  /// How many samples `times` returns, without building them (for limits checked up front).
  public static func count(duration: Double, frameRate: Int) -> Int {
    let rate = Double(frameRate)
    let last = Int((duration * rate).rounded(.down))
    var n = last + 1
    while n > 0 && Double(n - 1) / rate >= duration - endTolerance { n -= 1 }
    return n + 1
  }
}
