/// The stream rules of docs/API.md, checked sample by sample so that every violation is reported at
/// its own field (`gesture/samples/17/t`): `t` non-decreasing, `began` first and only first,
/// `ended`/`cancelled`/`failed` last only, at most `maximumSamples` samples spanning at most
/// `maximumSpan` seconds.
///
/// The wire layer feeds it what it could read of each sample (nil for a field that was missing
/// or of the wrong type and is already reported); the engine feeds it whole samples.
public struct GestureStreamChecker: Sendable {
  public static let defaultMaximumSamples = 10_000
  public static let defaultMaximumSpan = 600.0

  public let count: Int
  public let maximumSamples: Int
  public let maximumSpan: Double
  private var firstTime: Double?
  private var previousTime: Double?
  private var spanReported = false

  public init(
    count: Int, maximumSamples: Int = defaultMaximumSamples,
    maximumSpan: Double = defaultMaximumSpan
  ) {
    self.count = count
    self.maximumSamples = maximumSamples
    self.maximumSpan = maximumSpan
  }

  static func field(_ index: Int, _ name: String) -> [String] {
    ["gesture", "samples", String(index), name]
  }

  /// The problem with the stream's length, if any (then its samples are not checked further).
  public func countIssue() -> PlanError? {
    if count == 0 {
      return PlanError(
        field: ["gesture", "samples"], message: "must hold at least one sample (state began)")
    }
    if count > maximumSamples {
      return PlanError(
        field: ["gesture", "samples"],
        message: "has \(count) samples; at most \(maximumSamples) are allowed")
    }
    return nil
  }

  /// The rules sample `index` breaks, given its `t` and `state` when they could be read.
  public mutating func check(index: Int, t: Double?, state: GestureState?) -> [PlanError] {
    var issues: [PlanError] = []
    if let t, t.isFinite {
      if let previousTime, t < previousTime {
        issues.append(
          PlanError(
            field: Self.field(index, "t"),
            message:
              "must be >= the previous sample's t (\(previousTime)): times never decrease"))
      } else if let firstTime, !spanReported, t - firstTime > maximumSpan {
        spanReported = true
        issues.append(
          PlanError(
            field: Self.field(index, "t"),
            message:
              "is \(t - firstTime) s after the first sample; a stream spans at most \(maximumSpan) s"
          ))
      }
      if firstTime == nil, index == 0 { firstTime = t }
      previousTime = t
    }
    if let state {
      if index == 0, state != .began {
        issues.append(
          PlanError(
            field: Self.field(index, "state"),
            message: "must be began: a stream starts with its began sample"))
      } else if index > 0, state == .began {
        issues.append(
          PlanError(
            field: Self.field(index, "state"), message: "began is allowed only as the first sample"
          ))
      } else if index < count - 1, state.endsStream {
        issues.append(
          PlanError(
            field: Self.field(index, "state"),
            message: "\(state.rawValue) is allowed only as the last sample"))
      }
    }
    return issues
  }
}
