import JSON
import TransitionEngine

/// The native documents of a `back` or `dragDismiss` answer (docs/GESTURES.md,
/// docs/NATIVE.md "Gesture answers"). A pan's answer is its transition's tracks replayed on a
/// timeline (NATIVE.md 7); these answers are not: a back preview's pose, a dismissed
/// element's follow and its release spring are states the planner computed per sample. So
/// every property that moves is one keyframe row over the whole timeline, its key times the
/// answer's sample times, its values the answer's keyframes: the platform's linear
/// interpolation between them is what the JSON answer's keyframes mean. Every row shares one
/// timing entry (``NativePlatform/keyframes(duration:keyTimes:)``); `meta` lists each row's
/// property as sampled, reason `keyframes`.
struct NativeTimelineExporter {
  /// What the top level says about the gesture: `{"kind", "decision"}`.
  struct Gesture {
    var kind: String
    var decision: InteractionDecision
    var actions: [TimedActions]
  }

  private let timeline: Timeline
  private let gesture: Gesture

  static func export<P: NativePlatform>(
    _ platform: P.Type, _ timeline: Timeline, _ gesture: Gesture
  )
    -> [UInt8]
  {
    NativeTimelineExporter(timeline: timeline, gesture: gesture).write(P.self)
  }

  /// The fractions of the timeline's samples (0 and 1 exactly at its ends); empty for a
  /// timeline of one instant, which has no rows.
  private var keyTimes: [Double] {
    let d = timeline.duration
    guard d > 0, timeline.times.count > 1 else { return [] }
    let last = timeline.times.count - 1
    return timeline.times.enumerated().map { i, t in i == 0 ? 0 : i == last ? 1 : t / d }
  }

  private func write<P: NativePlatform>(_: P.Type) -> [UInt8] {
    var w = JSONWriter(capacity: 4096 + timeline.layers.count * timeline.times.count * 64)
    NativeDocument.writeOpening(
      P.format, style: timeline.style, operation: timeline.operation, &w)
    NativeDocument.writeSpan(
      container: timeline.container, duration: timeline.duration,
      frameRate: timeline.frameRate, &w)
    w.raw(",\"gesture\":{\"kind\":")
    w.string(gesture.kind)
    w.raw(",\"decision\":")
    w.string(gesture.decision.rawValue)
    w.raw("},\"timings\":[")
    let times = keyTimes
    if !times.isEmpty {
      P.write(P.keyframes(duration: timeline.duration, keyTimes: times), &w)
    }
    w.raw("],\"layers\":[")
    var meta = NativeMeta()
    for index in timeline.layers.indices {
      if index > 0 { w.byte(UInt8(ascii: ",")) }
      P.writeLayer(NativeKeyframeLayer(timeline, index), rows: !times.isEmpty, &meta, &w)
    }
    w.byte(UInt8(ascii: "]"))
    NativeDocument.writeActions(.timed(gesture.actions), &w)
    w.raw(",\"meta\":")
    meta.write(&w)
    w.byte(UInt8(ascii: "}"))
    return w.bytes
  }
}

/// One layer of a keyframe timeline: its samples, as both platforms read them.
struct NativeKeyframeLayer {
  var info: Timeline.LayerInfo
  /// Its place in the document (Core Animation's `zPosition`).
  var index: Int
  var states: [LayerState]
  /// Its corner radius, content frame and shadow opacity samples, when it has them.
  var details: [LayerDetail]?

  init(_ timeline: Timeline, _ index: Int) {
    info = timeline.layers[index]
    self.index = index
    states = timeline.keyframes[index]
    details =
      info.hasDetail && index < timeline.details.count ? timeline.details[index] : nil
  }

  /// A property's samples; nil for a property the layer does not report.
  func samples(_ property: LayerProperty) -> [PropertyValue]? {
    switch property {
    case .frame: states.map { .rect($0.frame) }
    case .alpha: states.map { .number($0.alpha) }
    case .transform: states.map { .transform($0.transform) }
    case .cornerRadius: info.reportsCornerRadius ? details?.map { .number($0.cornerRadius) } : nil
    case .contentFrame: info.hasContentFrame ? details?.map { .rect($0.contentFrame) } : nil
    case .shadowOpacity: info.shadow != nil ? details?.map { .number($0.shadowOpacity) } : nil
    }
  }

  /// The rows of some samples: each of the platform's `channels` of a sample (a name and its
  /// numbers) whose values are not all equal, a value of one number bare.
  static func movingRows<Sample>(
    _ samples: [Sample], _ channels: (Sample) -> [(String, [Double])]
  ) -> [(name: String, values: [NativeValue])] {
    let split = samples.map(channels)
    var rows: [(name: String, values: [NativeValue])] = []
    for k in split[0].indices {
      let values = split.map { $0[k].1 }
      guard values.contains(where: { $0 != values[0] }) else { continue }
      rows.append((split[0][k].0, values.map { NativeValue($0, bare: $0.count == 1) }))
    }
    return rows
  }
}
