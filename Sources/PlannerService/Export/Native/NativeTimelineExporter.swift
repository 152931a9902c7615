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
    w.raw("{\"format\":\"")
    w.raw(android ? "android" : "coreanimation")
    w.raw("\",\"formatVersion\":")
    w.raw(NativeDocument.formatVersion)
    w.raw(",\"engineVersion\":\"")
    w.raw(PlanEncoder.engineVersion)
    w.raw("\",\"style\":")
    w.string(timeline.style)
    w.raw(",\"operation\":")
    w.string(timeline.operation.rawValue)
    w.raw(",\"container\":")
    w.size(timeline.container)
    w.raw(",\"duration\":")
    w.number(timeline.duration)
    w.raw(",\"frameRate\":")
    w.integer(Int64(timeline.frameRate))
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
    _ index: Int, rows: Bool, _ meta: inout NativeMeta, _ w: inout JSONWriter
  ) {
    let info = timeline.layers[index]
    let states = self.states(index)
    let details = self.details(index)
    let last = states[states.count - 1]
    let lastDetail = details?.last
    w.raw("{\"id\":")
    w.string(info.id)
    w.raw(",\"content\":")
    w.content(info.content)
    w.raw(",\"model\":{\"position\":")
    w.point(last.frame.position(anchor: info.anchor))
    w.raw(",\"bounds\":")
    w.size(last.frame.size)
    w.raw(",\"anchorPoint\":")
    w.point(info.anchor)
    w.raw(",\"opacity\":")
    w.number(last.alpha)
    if !last.transform.isIdentity {
      w.raw(",\"transform\":")
      w.transform(last.transform)
    }
    if info.reportsCornerRadius, let d = lastDetail {
      w.raw(",\"cornerRadius\":")
      w.number(d.cornerRadius)
    }
    if info.reportsCornerRadius || info.hasContentFrame {
      w.raw(",\"masksToBounds\":true")
    }
    w.raw(",\"zPosition\":")
    w.integer(Int64(index))
    if let shadow = info.shadow, let d = lastDetail {
      w.raw(",\"shadow\":{\"color\":")
      w.string(shadow.color)
      w.raw(",\"opacity\":")
      w.number(d.shadowOpacity)
      w.raw(",\"radius\":")
      w.number(shadow.radius)
      w.raw(",\"offset\":{\"width\":")
      w.number(shadow.offset.x)
      w.raw(",\"height\":")
      w.number(shadow.offset.y)
      w.raw("}}")
    }
    w.byte(UInt8(ascii: "}"))
    if info.hasContentFrame, let details {
      let c = details[details.count - 1].contentFrame
      w.raw(",\"contentLayer\":{\"model\":{\"position\":")
      w.point(c.origin)
      w.raw(",\"bounds\":")
      w.size(c.size)
      w.raw("},\"animations\":[")
      var first = true
      if rows {
        if let v = Self.moving(details.map { [$0.contentFrame.x, $0.contentFrame.y] }) {
          Self.caRow("position", v, &first, &w)
        }
        if let v = Self.moving(details.map { [$0.contentFrame.width, $0.contentFrame.height] }) {
          Self.caRow("bounds.size", v, &first, &w)
        }
        if !first { meta.sampled(info.id, "contentFrame", .keyframes) }
      }
      w.raw("]}")
    }
    w.raw(",\"animations\":[")
    var first = true
    if rows {
      var geometry = false
      if let v = Self.moving(
        states.map {
          let p = $0.frame.position(anchor: info.anchor)
          return [p.x, p.y]
        })
      {
        Self.caRow("position", v, &first, &w)
        geometry = true
      }
      if let v = Self.moving(states.map { [$0.frame.width, $0.frame.height] }) {
        Self.caRow("bounds.size", v, &first, &w)
        geometry = true
      }
      if geometry { meta.sampled(info.id, "frame", .keyframes) }
      if let v = Self.moving(states.map { [$0.alpha] }) {
        Self.caRow("opacity", v, &first, &w)
        meta.sampled(info.id, "alpha", .keyframes)
      }
      if let v = Self.moving(states.map { $0.transform.values }) {
        Self.caRow("transform", v, &first, &w)
        meta.sampled(info.id, "transform", .keyframes)
      }
      if info.reportsCornerRadius, let details,
        let v = Self.moving(details.map { [$0.cornerRadius] })
      {
        Self.caRow("cornerRadius", v, &first, &w)
        meta.sampled(info.id, "cornerRadius", .keyframes)
      }
      if info.shadow != nil, let details, let v = Self.moving(details.map { [$0.shadowOpacity] }) {
        Self.caRow("shadowOpacity", v, &first, &w)
        meta.sampled(info.id, "shadowOpacity", .keyframes)
      }
    }
    w.raw("]}")
  }

  /// `{"keyPath", "timing": 0, "beginTime": 0, "values"}`; one-number values bare.
  private static func caRow(
    _ keyPath: StaticString, _ values: [[Double]], _ first: inout Bool, _ w: inout JSONWriter
  ) {
    if !first { w.byte(UInt8(ascii: ",")) }
    first = false
    w.raw("{\"keyPath\":\"")
    w.raw(keyPath)
    w.raw("\",\"timing\":0,\"beginTime\":0,\"values\":[")
    for (i, v) in values.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      if v.count == 1 { w.number(v[0]) } else { NativeDocument.writeNumbers(v, &w) }
    }
    w.raw("]}")
  }

  private func writeAndroidLayer(
    _ index: Int, rows: Bool, _ meta: inout NativeMeta, _ w: inout JSONWriter
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
    w.raw("{\"id\":")
    w.string(info.id)
    w.raw(",\"content\":")
    w.content(info.content)
    w.raw(",\"frame\":")
    w.rect(Rect(x: base.x, y: base.y, width: base.width, height: base.height))
    if let shadow = info.shadow {
      w.raw(",\"shadow\":{\"color\":")
      w.string(shadow.color)
      w.raw(",\"radius\":")
      w.number(shadow.radius)
      w.raw(",\"offset\":")
      w.point(shadow.offset)
      w.byte(UInt8(ascii: "}"))
    }
    let start = geometry[0]
    w.raw(",\"initial\":{\"translationX\":")
    w.number(g == .matrix ? 0 : start[0])
    w.raw(",\"translationY\":")
    w.number(g == .matrix ? 0 : start[1])
    w.raw(",\"scaleX\":")
    w.number(g == .matrix ? 1 : start[2])
    w.raw(",\"scaleY\":")
    w.number(g == .matrix ? 1 : start[3])
    w.raw(",\"alpha\":")
    w.number(first.alpha)
    if g == .matrix {
      w.raw(",\"matrix\":")
      NativeDocument.writeNumbers(start, &w)
    }
    if info.reportsCornerRadius, let details {
      w.raw(",\"cornerRadius\":")
      w.number(details[0].cornerRadius)
    }
    if info.hasContentFrame, let details {
      let c = details[0].contentFrame
      w.raw(",\"contentX\":")
      w.number(c.x)
      w.raw(",\"contentY\":")
      w.number(c.y)
      w.raw(",\"contentWidth\":")
      w.number(c.width)
      w.raw(",\"contentHeight\":")
      w.number(c.height)
    }
    if info.shadow != nil, let details {
      w.raw(",\"shadowOpacity\":")
      w.number(details[0].shadowOpacity)
    }
    w.raw("},\"animations\":[")
    var firstRow = true
    if rows {
      var moved = false
      if g == .matrix {
        if let v = Self.moving(geometry) {
          Self.androidRow("matrix", v, &firstRow, &w)
          moved = true
        }
      } else {
        for (k, name) in AndroidExporter.geometryNames.enumerated() {
          if let v = Self.moving(geometry.map { [$0[k]] }) {
            Self.androidRow(name, v, &firstRow, &w)
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
        Self.androidRow("alpha", v, &firstRow, &w)
        meta.sampled(info.id, "alpha", .keyframes)
      }
      if let details {
        if info.reportsCornerRadius, let v = Self.moving(details.map { [$0.cornerRadius] }) {
          Self.androidRow("cornerRadius", v, &firstRow, &w)
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
              Self.androidRow(name, v, &firstRow, &w)
              content = true
            }
          }
          if content { meta.sampled(info.id, "contentFrame", .keyframes) }
        }
        if info.shadow != nil, let v = Self.moving(details.map { [$0.shadowOpacity] }) {
          Self.androidRow("shadowOpacity", v, &firstRow, &w)
          meta.sampled(info.id, "shadowOpacity", .keyframes)
        }
      }
    }
    w.raw("]}")
  }

  /// `{"property", "timing": 0, "startDelay": 0, "values"}`; one-number values bare.
  private static func androidRow(
    _ property: String, _ values: [[Double]], _ first: inout Bool, _ w: inout JSONWriter
  ) {
    if !first { w.byte(UInt8(ascii: ",")) }
    first = false
    w.raw("{\"property\":")
    w.string(property)
    w.raw(",\"timing\":0,\"startDelay\":0,\"values\":[")
    for (i, v) in values.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      if v.count == 1 { w.number(v[0]) } else { NativeDocument.writeNumbers(v, &w) }
    }
    w.raw("]}")
  }
}
