/// A number as plans write it (docs/API.md: the shortest text that round-trips, no fraction
/// for an integral value), for messages that name a plan's value.
enum PlanNumberText {
  static func of(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    return "\(value)"
  }
}
