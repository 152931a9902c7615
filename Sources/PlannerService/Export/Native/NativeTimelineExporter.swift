import JSON
import TransitionEngine

/// The native documents of a `back` or `dragDismiss` answer (docs/GESTURES.md,
/// docs/NATIVE.md "Gesture answers"). A pan's answer is its transition's tracks replayed on a
/// timeline (NATIVE.md 7); these answers are not: a back preview's pose, a dismissed
/// element's follow and its release spring are states the planner computed per sample. So
/// every property that moves is one keyframe row over the whole timeline, its key times the
/// answer's sample times, its values the answer's keyframes: the platform's linear
/// interpolation between them is what the JSON answer's keyframes mean. Every row shares one
/// timing entry; `meta` lists each row's property as sampled, reason `keyframes`.
struct NativeTimelineExporter {
  /// What the top level says about the gesture: `{"kind", "decision"}`.
  struct Gesture {
    var kind: String
    var decision: InteractionDecision
    var actions: [TimedActions]
  }

  private let timeline: Timeline
  private let gesture: Gesture

  static func coreAnimation(_ timeline: Timeline, _ gesture: Gesture) -> [UInt8] {
    NativeTimelineExporter(timeline: timeline, gesture: gesture).write(android: false)
  }

  static func android(_ timeline: Timeline, _ gesture: Gesture) -> [UInt8] {
    NativeTimelineExporter(timeline: timeline, gesture: gesture).write(android: true)
  }

  /// The fractions of the timeline's samples (0 and 1 exactly at its ends); empty for a
  /// timeline of one instant, which has no rows.
  private var keyTimes: [Double] {
    let d = timeline.duration
    guard d > 0, timeline.times.count > 1 else { return [] }
    let last = timeline.times.count - 1
    return timeline.times.enumerated().map { i, t in i == 0 ? 0 : i == last ? 1 : t / d }
  }

  private func write(android: Bool) -> [UInt8] {
    var w = JSONWriter(capacity: 4096 + timeline.layers.count * timeline.times.count * 64)
    NativeDocument.writeOpening(
      android ? "android" : "coreanimation", style: timeline.style,
      operation: timeline.operation, &w)
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
      if android {
        w.raw("{\"kind\":\"keyframes\",\"duration\":")
        w.number(timeline.duration)
        w.raw(",\"fractions\":")
      } else {
        w.raw("{\"kind\":\"keyframe\",\"duration\":")
        w.number(timeline.duration)
        w.raw(",\"fillMode\":\"backwards\",\"calculationMode\":\"linear\",\"keyTimes\":")
      }
      NativeDocument.writeNumbers(times, &w)
      w.byte(UInt8(ascii: "}"))
    }
    w.raw("],\"layers\":[")
    var meta = NativeMeta()
    for index in timeline.layers.indices {
      if index > 0 { w.byte(UInt8(ascii: ",")) }
      if android {
        writeAndroidLayer(index, rows: !times.isEmpty, &meta, &w)
      } else {
        writeCoreAnimationLayer(index, rows: !times.isEmpty, &meta, &w)
      }
    }
    w.byte(UInt8(ascii: "]"))
    NativeDocument.writeActions(.timed(gesture.actions), &w)
    w.raw(",\"meta\":")
    meta.write(&w)
    w.byte(UInt8(ascii: "}"))
    return w.bytes
  }

  // MARK: - Per layer

  private func states(_ index: Int) -> [LayerState] { timeline.keyframes[index] }

  private func details(_ index: Int) -> [LayerDetail]? {
    timeline.layers[index].hasDetail && index < timeline.details.count
      ? timeline.details[index] : nil
  }

  /// A row's values when they are not all equal.
  private static func moving(_ values: [[Double]]) -> [[Double]]? {
    values.contains { $0 != values[0] } ? values : nil
  }

  private func writeCoreAnimationLayer(
    _ index: Int, rows writesRows: Bool, _ meta: inout NativeMeta, _ w: inout JSONWriter
  ) {
    let info = timeline.layers[index]
    let states = self.states(index)
    let details = self.details(index)
    let last = states[states.count - 1]
    let lastDetail = details?.last
    let model = CoreAnimationExporter.Model(
      frame: last.frame, anchor: info.anchor, opacity: last.alpha, transform: last.transform,
      cornerRadius: info.reportsCornerRadius ? lastDetail?.cornerRadius : nil,
      masksToBounds: info.reportsCornerRadius || info.hasContentFrame, zPosition: index,
      shadow: info.shadow.flatMap { shadow in lastDetail.map { (shadow, $0.shadowOpacity) } },
      contentFrame: info.hasContentFrame ? lastDetail?.contentFrame : nil)
    func row(_ keyPath: String, _ values: [[Double]]) -> CoreAnimationExporter.Row {
      CoreAnimationExporter.Row(
        keyPath: keyPath, timing: 0, beginTime: 0, values: values.map(Self.value))
    }
    var content: [CoreAnimationExporter.Row] = []
    var rows: [CoreAnimationExporter.Row] = []
    if writesRows {
      if info.hasContentFrame, let details {
        if let v = Self.moving(details.map { [$0.contentFrame.x, $0.contentFrame.y] }) {
          content.append(row("position", v))
        }
        if let v = Self.moving(details.map { [$0.contentFrame.width, $0.contentFrame.height] }) {
          content.append(row("bounds.size", v))
        }
        if !content.isEmpty { meta.sampled(info.id, "contentFrame", .keyframes) }
      }
      var geometry = false
      if let v = Self.moving(
        states.map {
          let p = $0.frame.position(anchor: info.anchor)
          return [p.x, p.y]
        })
      {
        rows.append(row("position", v))
        geometry = true
      }
      if let v = Self.moving(states.map { [$0.frame.width, $0.frame.height] }) {
        rows.append(row("bounds.size", v))
        geometry = true
      }
      if geometry { meta.sampled(info.id, "frame", .keyframes) }
      if let v = Self.moving(states.map { [$0.alpha] }) {
        rows.append(row("opacity", v))
        meta.sampled(info.id, "alpha", .keyframes)
      }
      if let v = Self.moving(states.map { $0.transform.values }) {
        rows.append(row("transform", v))
        meta.sampled(info.id, "transform", .keyframes)
      }
      if info.reportsCornerRadius, let details,
        let v = Self.moving(details.map { [$0.cornerRadius] })
      {
        rows.append(row("cornerRadius", v))
        meta.sampled(info.id, "cornerRadius", .keyframes)
      }
      if info.shadow != nil, let details, let v = Self.moving(details.map { [$0.shadowOpacity] }) {
        rows.append(row("shadowOpacity", v))
        meta.sampled(info.id, "shadowOpacity", .keyframes)
      }
    }
    CoreAnimationExporter.writeLayer(
      id: info.id, content: info.content, model, rows, content: content, &w)
  }

  private func writeAndroidLayer(
    _ index: Int, rows writesRows: Bool, _ meta: inout NativeMeta, _ w: inout JSONWriter
  ) {
    let info = timeline.layers[index]
    let states = self.states(index)
    let details = self.details(index)
    let first = states[0]
    // Laid out once at the larger size, from the first sample's origin (NATIVE.md 4.2); the
    // class of the layer's geometry from every sample's transform (4.3).
    let width = states.map(\.frame.width).max() ?? 0
    let height = states.map(\.frame.height).max() ?? 0
    let base = AndroidExporter.Base(
      x: first.frame.x, y: first.frame.y, width: width == 0 ? 1 : width,
      height: height == 0 ? 1 : height)
    let g: AndroidExporter.Geometry =
      states.allSatisfy({ TransformClass.isTranslation($0.transform) })
      ? .translation
      : states.allSatisfy({ TransformClass.isPositiveScale($0.transform) }) ? .scale : .matrix
    let geometry = states.map {
      AndroidExporter.properties($0.frame, $0.transform, g, base, anchor: info.anchor)
    }
    let initial = AndroidExporter.Initial(
      geometry: geometry[0], alpha: first.alpha, matrix: g == .matrix ? geometry[0] : nil,
      cornerRadius: info.reportsCornerRadius ? details?[0].cornerRadius : nil,
      content: info.hasContentFrame ? details?[0].contentFrame : nil,
      shadowOpacity: info.shadow != nil ? details?[0].shadowOpacity : nil)
    var rows: [AndroidExporter.Row] = []
    func row(_ property: String, _ values: [[Double]]) {
      rows.append(
        AndroidExporter.Row(
          property: property, timing: 0, startDelay: 0, values: values.map(Self.value)))
    }
    if writesRows {
      var moved = false
      if g == .matrix {
        if let v = Self.moving(geometry) {
          row("matrix", v)
          moved = true
        }
      } else {
        for (k, name) in AndroidExporter.geometryNames.enumerated() {
          if let v = Self.moving(geometry.map { [$0[k]] }) {
            row(name, v)
            moved = true
          }
        }
      }
      if moved {
        let frames = states.map(\.frame)
        if frames.contains(where: { $0 != frames[0] }) {
          meta.sampled(info.id, "frame", .keyframes)
        }
        if states.contains(where: { $0.transform != first.transform }) {
          meta.sampled(info.id, "transform", .keyframes)
        }
      }
      if let v = Self.moving(states.map { [$0.alpha] }) {
        row("alpha", v)
        meta.sampled(info.id, "alpha", .keyframes)
      }
      if let details {
        if info.reportsCornerRadius, let v = Self.moving(details.map { [$0.cornerRadius] }) {
          row("cornerRadius", v)
          meta.sampled(info.id, "cornerRadius", .keyframes)
        }
        if info.hasContentFrame {
          let c = details.map(\.contentFrame)
          var content = false
          for (name, part) in [
            ("contentX", c.map { [$0.x] }), ("contentY", c.map { [$0.y] }),
            ("contentWidth", c.map { [$0.width] }), ("contentHeight", c.map { [$0.height] }),
          ] {
            if let v = Self.moving(part) {
              row(name, v)
              content = true
            }
          }
          if content { meta.sampled(info.id, "contentFrame", .keyframes) }
        }
        if info.shadow != nil, let v = Self.moving(details.map { [$0.shadowOpacity] }) {
          row("shadowOpacity", v)
          meta.sampled(info.id, "shadowOpacity", .keyframes)
        }
      }
    }
    AndroidExporter.writeLayer(
      id: info.id, content: info.content, base: base, shadow: info.shadow, initial, rows, &w)
  }

  /// A keyframe's value: one number bare, several as a list.
  private static func value(_ numbers: [Double]) -> NativeValue {
    numbers.count == 1 ? .number(numbers[0]) : .list(numbers)
  }
}
