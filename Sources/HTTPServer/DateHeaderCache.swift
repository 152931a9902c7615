import Glibc

/// `Date` header values (IMF-fixdate, RFC 9110 section 5.6.7), formatted with `gmtime_r` and
/// cached per second by each event loop, so a response costs a `time()` call, not a formatter.
struct DateHeaderCache {
  private var second: time_t = -1
  private(set) var value: String = ""

  private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  mutating func current() -> String {
    let now = time(nil)
    if now != second {
      second = now
      value = Self.format(now)
    }
    return value
  }

  static func format(_ t: time_t) -> String {
    var t = t
    var tm = Glibc.tm()
    gmtime_r(&t, &tm)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return
      "\(days[Int(tm.tm_wday)]), \(two(tm.tm_mday)) \(months[Int(tm.tm_mon)]) \(tm.tm_year + 1900) "
      + "\(two(tm.tm_hour)):\(two(tm.tm_min)):\(two(tm.tm_sec)) GMT"
  }
}
