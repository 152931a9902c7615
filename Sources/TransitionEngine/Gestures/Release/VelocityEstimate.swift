/// Velocity and acceleration along the progress axis, estimated from positions as docs/TIMING.md
/// section 5 says: walk back from the release sample, keeping each sample at least 10 ms older
/// than the last one kept, up to four (s0...s3, oldest first); `u` is the mean of the segment
/// velocities `v_i`, `a` the mean of `(v_{i+1} - v_i) / ((t_{i+2} - t_i) / 2)`.
public struct VelocityEstimate: Sendable, Hashable {
  /// `u`, points per second.
  public var velocity: Double
  /// `a`, points per second squared.
  public var acceleration: Double
  /// The indices of the samples kept, oldest first.
  public var samples: [Int]

  public init(velocity: Double, acceleration: Double, samples: [Int]) {
    self.velocity = velocity
    self.acceleration = acceleration
    self.samples = samples
  }

  public static let minimumSpacing = 0.010
  public static let maximumSamples = 4
  /// Decimal timestamps such as 0.03 - 0.02 fall a hair under 10 ms in binary; spacing within
  /// this tolerance of 10 ms counts as 10 ms.
  public static let spacingTolerance = 1e-9

  /// The estimate at sample `release` from sample times (seconds) and axis positions (points).
  public static func walkBack(times: [Double], axis: [Double], from release: Int)
    -> VelocityEstimate
  {
    var kept = [release]
    var j = release - 1
    while j >= 0, kept.count < maximumSamples {
      if times[kept[kept.count - 1]] - times[j] >= minimumSpacing - spacingTolerance {
        kept.append(j)
      }
      j -= 1
    }
    kept.reverse()
    guard kept.count >= 2 else {
      return VelocityEstimate(velocity: 0, acceleration: 0, samples: kept)
    }
    var v: [Double] = []
    for i in 0..<(kept.count - 1) {
      let a = kept[i]
      let b = kept[i + 1]
      v.append((axis[b] - axis[a]) / (times[b] - times[a]))
    }
    let u = v.reduce(0, +) / Double(v.count)
    guard kept.count >= 3 else {
      return VelocityEstimate(velocity: u, acceleration: 0, samples: kept)
    }
    var accelerations: [Double] = []
    for i in 0..<(v.count - 1) {
      let half = (times[kept[i + 2]] - times[kept[i]]) / 2
      accelerations.append((v[i + 1] - v[i]) / half)
    }
    let a = accelerations.reduce(0, +) / Double(accelerations.count)
    return VelocityEstimate(velocity: u, acceleration: a, samples: kept)
  }
}
