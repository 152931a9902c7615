import Glibc

/// Time sources without Foundation: a monotonic clock for time-outs (never jumps with NTP) and
/// the wall clock for logs and `Date`.
enum Clock {
  @inline(__always)
  static func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
  }

  static func wallSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  static func nanos(_ seconds: Double) -> UInt64 {
    seconds <= 0 ? 0 : UInt64(min(seconds, 1e9) * 1e9)
  }
}
