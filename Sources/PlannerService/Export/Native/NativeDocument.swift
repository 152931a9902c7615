import JSON
import TransitionEngine

/// What both native documents share (docs/NATIVE.md: the `coreanimation` and `android`
/// formats): the top level, the timing table, `meta`, and how a sampled number is rounded.
enum NativeDocument {
  static let formatVersion: StaticString = "1"

  /// The source of a document: a plan's outline, or an interaction's (its transition's
  /// outline and its wall-clock timeline).
  struct Source {
    var outline: PlanOutline
    /// The plan's actions, or an interaction's with their `t`.
    var actions: ActionsSource
    var timeline: PanPlan?
    /// Plans echo `reduceMotion`, `reversal`, `retarget`; interactions do not.
    var echoes: Bool
  }

  enum ActionsSource {
    case plan(Actions)
    case timed([TimedActions])
  }

  /// `{"format", "formatVersion", "engineVersion", "style", "operation"[, echoes],
  /// "container", "duration", "frameRate"[, "timeline"],` (the caller writes `timings`,
  /// `layers`, `actions` and `meta`).
  static func writeHead(_ format: StaticString, _ source: Source, _ w: inout JSONWriter) {
    let o = source.outline
    writeOpening(format, style: o.style, operation: o.operation, &w)
    if source.echoes {
      PlanEncoder.writeEchoes(
        reduceMotion: o.reduceMotion, reversal: o.reversal, retarget: o.retarget, &w)
    }
    writeSpan(container: o.container, duration: o.duration, frameRate: o.frameRate, &w)
    if let plan = source.timeline { writeTimeline(plan, &w) }
    w.byte(UInt8(ascii: ","))
  }

  /// `{"format", "formatVersion", "engineVersion", "style", "operation"`.
  static func writeOpening(
    _ format: StaticString, style: String, operation: TransitionOperation,
    _ w: inout JSONWriter
  ) {
    w.raw("{\"format\":\"")
    w.raw(format)
    w.raw("\",\"formatVersion\":")
    w.raw(formatVersion)
    w.raw(",\"engineVersion\":\"")
    w.raw(PlanEncoder.engineVersion)
    w.raw("\",\"style\":")
    w.string(style)
    w.raw(",\"operation\":")
    w.string(operation.rawValue)
  }

  /// `,"container", "duration", "frameRate"`.
  static func writeSpan(
    container: Size, duration: Double, frameRate: Int, _ w: inout JSONWriter
  ) {
    w.raw(",\"container\":")
    w.size(container)
    w.raw(",\"duration\":")
    w.number(duration)
    w.raw(",\"frameRate\":")
    w.integer(Int64(frameRate))
  }

  /// `"timeline": {"decision", "release", "end", "scrub", "completion"}` (docs/NATIVE.md 7).
  static func writeTimeline(_ plan: PanPlan, _ w: inout JSONWriter) {
    w.raw(",\"timeline\":{\"decision\":")
    w.string(plan.decision.rawValue)
    w.raw(",\"release\":")
    w.number(plan.progress.last?.t ?? 0)
    w.raw(",\"end\":")
    w.number(plan.duration)
    w.raw(",\"scrub\":[")
    for (i, s) in plan.progress.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.byte(UInt8(ascii: "["))
      w.number(s.t)
      w.byte(UInt8(ascii: ","))
      w.number(s.animationTime)
      w.byte(UInt8(ascii: "]"))
    }
    w.raw("],\"completion\":")
    if let c = plan.completion {
      w.raw("{\"from\":")
      w.number(c.from * c.animationDuration)
      w.raw(",\"to\":")
      w.number(c.to * c.animationDuration)
      w.raw(",\"duration\":")
      w.number(c.duration)
      w.raw(",\"timingFunction\":")
      let b = c.curve.bezier
      NativeDocument.writeNumbers([b.x1, b.y1, b.x2, b.y2], &w)
      w.byte(UInt8(ascii: "}"))
    } else {
      w.raw("null")
    }
    w.byte(UInt8(ascii: "}"))
  }

  /// `,"actions":` and the plan's actions, or an interaction's with their `t`.
  static func writeActions(_ actions: ActionsSource, _ w: inout JSONWriter) {
    w.raw(",\"actions\":")
    switch actions {
    case .plan(let actions): PlanEncoder.writeActions(actions, &w)
    case .timed(let lists):
      w.byte(UInt8(ascii: "{"))
      for (i, list) in lists.enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        w.string(list.phase.rawValue)
        w.byte(UInt8(ascii: ":"))
        PlanEncoder.writeActionList(list.actions, t: list.t, &w)
      }
      w.byte(UInt8(ascii: "}"))
    }
  }

  /// `,"actions":...,"meta":...}`.
  static func writeTail(_ source: Source, meta: NativeMeta, _ w: inout JSONWriter) {
    writeActions(source.actions, &w)
    w.raw(",\"meta\":")
    meta.write(&w)
    w.byte(UInt8(ascii: "}"))
  }

  static func writeNumbers(_ values: [Double], _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "["))
    for (i, v) in values.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      number(v, &w)
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// A value of a row or a timing entry, in the plan's number format. Sampled values are
  /// rounded to 4 or 9 decimals (``rounded(_:decimals:)``) and key times are short binary
  /// fractions: written as multiples of 1e-9 they skip the shortest round-trip search; other
  /// values fall back to it (the text is the same either way).
  @inline(__always)
  static func number(_ v: Double, _ w: inout JSONWriter) {
    w.number(v, decimals: 9)
  }

  /// A sampled value rounded to `decimals` (docs/NATIVE.md 2.3): `v x 10^k` rounded to the
  /// nearest integer, halves away from zero, divided by `10^k`; `-0` is `0`.
  @inline(__always)
  static func rounded(_ v: Double, decimals: Int) -> Double {
    let scale = decimals == 4 ? 1e4 : 1e9
    let r = (v * scale).rounded(.toNearestOrAwayFromZero) / scale
    return r == 0 ? 0 : r
  }
}

/// The timing table of a document (docs/NATIVE.md 2.2): distinct entries in order of first
/// use; rows name them by index.
struct NativeTimingTable<Entry: Equatable> {
  private(set) var entries: [Entry] = []

  /// The index of `entry`, appended when new.
  mutating func index(of entry: Entry) -> Int {
    if let i = entries.firstIndex(of: entry) { return i }
    entries.append(entry)
    return entries.count - 1
  }
}

/// `meta` (docs/NATIVE.md 2.4): every plan track as exact or sampled (with its reason), the
/// sentences of the reasons used, and the tracks the sampling rule could not bring within its
/// bound.
struct NativeMeta {
  enum Reason: String, CaseIterable {
    case additive, arc, combined, keyframes, transform, velocity

    /// Where several reasons apply to one track, `meta` names the first of arc, transform,
    /// combined, velocity, additive (NATIVE.md 5.1); `keyframes` never shares a track.
    static let precedence: [Reason] = [
      .arc, .transform, .combined, .velocity, .additive, .keyframes,
    ]

    /// The reason `meta` gives a track to which `reasons` (nil: not applying) apply.
    static func first(_ reasons: Reason?...) -> Reason? {
      precedence.first { reasons.contains($0) }
    }

    var sentence: StaticString {
      switch self {
      case .arc:
        "the frame's centre follows a quadratic arc driven by the eased progress; no platform primitive moves along it with that parameterisation, so its position is sampled"
      case .combined:
        "the frame and the transform drive the same View properties (translation, scale); their product is not one animator"
      case .transform:
        "a transform pair that is not two pure translations or two pure positive scales: the platform's matrix interpolation is not documented to follow the plan's decomposition"
      case .velocity:
        "a retarget spring row whose key path keeps a velocity but has no distance left: Core Animation's relative spring velocity cannot express it"
      case .additive:
        "an additive retarget track that this platform cannot install as additive animations of the plan's values"
      case .keyframes:
        "a back or dragDismiss answer is the layers' states at its samples, not tracks: the rows play those keyframes linearly between samples, as the JSON answer does"
      }
    }
  }

  private var exact: [(String, String)] = []
  private var sampled: [(String, String, Reason)] = []
  private var coarse: [(String, String)] = []

  mutating func exact(_ layer: String, _ property: String) { exact.append((layer, property)) }

  mutating func sampled(_ layer: String, _ property: String, _ reason: Reason) {
    sampled.append((layer, property, reason))
  }

  mutating func coarse(_ layer: String, _ property: String) {
    if !coarse.contains(where: { $0 == (layer, property) }) { coarse.append((layer, property)) }
  }

  func write(_ w: inout JSONWriter) {
    w.raw("{\"exact\":[")
    for (i, (layer, property)) in exact.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.byte(UInt8(ascii: "["))
      w.string(layer)
      w.byte(UInt8(ascii: ","))
      w.string(property)
      w.byte(UInt8(ascii: "]"))
    }
    w.raw("],\"sampled\":[")
    for (i, (layer, property, reason)) in sampled.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.byte(UInt8(ascii: "["))
      w.string(layer)
      w.byte(UInt8(ascii: ","))
      w.string(property)
      w.byte(UInt8(ascii: ","))
      w.string(reason.rawValue)
      w.byte(UInt8(ascii: "]"))
    }
    w.raw("],\"reasons\":{")
    var first = true
    for reason in Reason.allCases where sampled.contains(where: { $0.2 == reason }) {
      if !first { w.byte(UInt8(ascii: ",")) }
      first = false
      w.string(reason.rawValue)
      w.raw(":\"")
      w.raw(reason.sentence)
      w.byte(UInt8(ascii: "\""))
    }
    w.byte(UInt8(ascii: "}"))
    if !coarse.isEmpty {
      w.raw(",\"coarse\":[")
      for (i, (layer, property)) in coarse.enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        w.byte(UInt8(ascii: "["))
        w.string(layer)
        w.byte(UInt8(ascii: ","))
        w.string(property)
        w.byte(UInt8(ascii: "]"))
      }
      w.byte(UInt8(ascii: "]"))
    }
    w.byte(UInt8(ascii: "}"))
  }
}

extension NativeDocument.Source {
  /// Section 7: an interaction's document is its transition's (rows in animation time, 0 to
  /// the transition's duration) plus the timeline that maps wall-clock time onto it.
  init(_ plan: PanPlan) {
    let outline = PlanOutline(
      style: plan.style, operation: plan.operation, container: plan.container,
      timing: plan.timing, duration: plan.choreography.duration(with: plan.timing),
      frameRate: plan.frameRate, choreography: plan.choreography)
    self.init(outline: outline, actions: .timed(plan.actions), timeline: plan, echoes: false)
  }
}
