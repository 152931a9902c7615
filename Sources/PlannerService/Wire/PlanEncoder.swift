import TransitionEngine

/// Writes plans in API.md's shape and key order, deterministically (the same plan gives the
/// same bytes, which the ETag relies on).
public enum PlanEncoder {
  public static let engineVersion: StaticString = "1.0.0"

  public static func encode(_ plan: Plan) -> [UInt8] {
    JSONWriter.collect(
      capacity: estimatedSize(plan.choreography.layers, frames: plan.times.count)
    ) { w in write(plan, &w) }
  }

  static func write(_ plan: Plan, _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "{"))
    w.key("engineVersion")
    w.byte(UInt8(ascii: "\""))
    w.raw(engineVersion)
    w.byte(UInt8(ascii: "\""))
    w.raw(",")
    w.key("style")
    w.string(plan.style)
    w.raw(",")
    w.key("operation")
    w.string(plan.operation.rawValue)
    w.raw(",")
    w.key("container")
    writeSize(plan.scene.container, &w)
    w.raw(",")
    w.key("duration")
    w.number(plan.timing.duration)
    w.raw(",")
    w.key("frameRate")
    w.integer(Int64(plan.frameRate))
    w.raw(",")
    w.key("timing")
    writeTiming(plan.timing, &w)
    w.raw(",")
    w.key("layers")
    writeLayers(plan.choreography.layers, times: plan.times, keyframes: plan.keyframes, &w)
    w.raw(",")
    w.key("actions")
    writeActions(plan.choreography.actions, &w)
    w.byte(UInt8(ascii: "}"))
  }

  /// Bytes a plan's JSON needs, generously: a keyframe takes about 110 bytes, up to 400 more
  /// with a transform. Growing the buffer part way would copy everything written so far.
  static func estimatedSize(_ layers: [Layer], frames: Int) -> Int {
    var perFrame = 0
    for layer in layers {
      perFrame += 144
      let moves3D = layer.tracks.contains {
        if case .transform = $0 { return true } else { return false }
      }
      if moves3D || !layer.transform.isIdentity { perFrame += 400 }
    }
    return 2048 + frames * perFrame
  }

  public static func writeLayers(
    _ layers: [Layer], times: [Double], keyframes: [[LayerState]], _ w: inout JSONWriter
  ) {
    // Every layer has a keyframe at every sample time: format each time once, not per layer
    // (number formatting is most of the encoding cost), and a grid already in use not at all.
    let grid = TimeGridText.of(times)
    let timeEnds = grid.ends
    w.byte(UInt8(ascii: "["))
    for (index, layer) in layers.enumerated() {
      if index > 0 { w.byte(UInt8(ascii: ",")) }
      writeLayerHeader(layer, &w)
      w.raw(",")
      w.key("keyframes")
      w.byte(UInt8(ascii: "["))
      // States by pointer: passing each (22 doubles) by value copied it with memcpy.
      keyframes[index].withUnsafeBufferPointer { states in
        grid.padded.withUnsafeBufferPointer { timeText in
          for i in 0..<times.count {
            if i > 0 { w.byte(UInt8(ascii: ",")) }
            let start = i == 0 ? 0 : timeEnds[i - 1]
            writeKeyframe(
              formattedTime: timeText, start..<timeEnds[i], states.baseAddress! + i, &w)
          }
        }
      }
      w.raw("]}")
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// `{"id", "content", "anchor", "frame", "alpha", ["transform",] "tracks"` without the
  /// closing brace, so that keyframes can follow.
  public static func writeLayerHeader(_ layer: Layer, _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "{"))
    w.key("id")
    w.string(layer.id)
    w.raw(",")
    w.key("content")
    writeContent(layer.content, &w)
    w.raw(",")
    w.key("anchor")
    w.raw("{\"x\":")
    w.number(layer.anchor.x)
    w.raw(",\"y\":")
    w.number(layer.anchor.y)
    w.raw("},")
    w.key("frame")
    writeRect(layer.frame, &w)
    w.raw(",")
    w.key("alpha")
    w.number(layer.alpha)
    if !layer.transform.isIdentity {
      w.raw(",")
      w.key("transform")
      writeTransform(layer.transform, &w)
    }
    w.raw(",")
    w.key("tracks")
    w.byte(UInt8(ascii: "["))
    for (i, track) in layer.tracks.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{\"property\":\"")
      switch track {
      case .frame(let from, let to):
        w.raw("frame\",\"from\":")
        writeRect(from, &w)
        w.raw(",\"to\":")
        writeRect(to, &w)
      case .alpha(let from, let to):
        w.raw("alpha\",\"from\":")
        w.number(from)
        w.raw(",\"to\":")
        w.number(to)
      case .transform(let from, let to):
        w.raw("transform\",\"from\":")
        writeTransform(from, &w)
        w.raw(",\"to\":")
        writeTransform(to, &w)
      }
      w.byte(UInt8(ascii: "}"))
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// The most bytes one keyframe takes: 84 of punctuation and keys, and 22 numbers (the time,
  /// a frame, an alpha and 16 matrix fields) of at most 28 bytes each. The time's text is
  /// copied as 32 bytes, which stay within this: more than 32 bytes of the keyframe follow it.
  static let maximumKeyframeBytes = 84 + 22 * JSONWriter.maximumNumberBytes

  /// A keyframe whose time is already formatted: bytes `range` of `formattedTime`, whose
  /// storage must hold 32 bytes from the range's start. The same text as
  /// ``writeRect(_:_:)`` and ``writeTransform(_:_:)`` would give, written with one capacity
  /// check (``JSONWriter/Cursor``).
  @inline(__always)
  static func writeKeyframe(
    formattedTime: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ state: UnsafePointer<LayerState>,
    _ w: inout JSONWriter
  ) {
    var c = w.beginUnchecked(maximumKeyframeBytes)
    c.raw("{\"t\":")
    c.appendShort(formattedTime, range)
    c.raw(",\"frame\":{\"x\":")
    c.number(state.pointee.frame.x)
    c.raw(",\"y\":")
    c.number(state.pointee.frame.y)
    c.raw(",\"width\":")
    let width = state.pointee.frame.width
    let widthText = c.p
    c.number(width)
    let widthCount = c.p - widthText
    c.raw(",\"height\":")
    c.number(state.pointee.frame.height, sameAs: width, text: widthText, count: widthCount)
    c.raw("},\"alpha\":")
    c.number(state.pointee.alpha)
    let t = state.pointee.transform
    if !t.isIdentity {
      c.raw(",\"transform\":[")
      let m11Text = c.p
      c.number(t.m11)
      let m11Count = c.p - m11Text
      // Field by field, as writeTransform writes them, through the unchecked cursor.
      c.byte(UInt8(ascii: ","))
      c.number(t.m12)
      c.byte(UInt8(ascii: ","))
      c.number(t.m13)
      c.byte(UInt8(ascii: ","))
      c.number(t.m14)
      c.byte(UInt8(ascii: ","))
      c.number(t.m21)
      c.byte(UInt8(ascii: ","))
      c.number(t.m22, sameAs: t.m11, text: m11Text, count: m11Count)
      c.byte(UInt8(ascii: ","))
      c.number(t.m23)
      c.byte(UInt8(ascii: ","))
      c.number(t.m24)
      c.byte(UInt8(ascii: ","))
      c.number(t.m31)
      c.byte(UInt8(ascii: ","))
      c.number(t.m32)
      c.byte(UInt8(ascii: ","))
      c.number(t.m33)
      c.byte(UInt8(ascii: ","))
      c.number(t.m34)
      c.byte(UInt8(ascii: ","))
      c.number(t.m41)
      c.byte(UInt8(ascii: ","))
      c.number(t.m42)
      c.byte(UInt8(ascii: ","))
      c.number(t.m43)
      c.byte(UInt8(ascii: ","))
      c.number(t.m44)
      c.byte(UInt8(ascii: "]"))
    }
    c.byte(UInt8(ascii: "}"))
    w.endUnchecked(c, maximum: maximumKeyframeBytes)
  }

  public static func writeContent(_ content: LayerContent, _ w: inout JSONWriter) {
    switch content {
    case .screen(let screen):
      w.raw("{\"kind\":\"screen\",\"screen\":")
      w.string(screen.rawValue)
    case .snapshot(let screen):
      w.raw("{\"kind\":\"snapshot\",\"screen\":")
      w.string(screen.rawValue)
    case .element(let screen, let element, let mode):
      w.raw("{\"kind\":\"element\",\"screen\":")
      w.string(screen.rawValue)
      w.raw(",\"element\":")
      w.string(element.rawValue)
      w.raw(",\"contentMode\":")
      w.string(mode.rawValue)
    case .slice(let screen, let rect):
      w.raw("{\"kind\":\"slice\",\"screen\":")
      w.string(screen.rawValue)
      w.raw(",\"rect\":")
      writeRect(rect, &w)
    case .color(let color):
      w.raw("{\"kind\":\"color\",\"color\":")
      w.string(color)
    }
    w.byte(UInt8(ascii: "}"))
  }

  public static func writeActions(_ actions: Actions, _ w: inout JSONWriter) {
    w.raw("{\"start\":")
    writeActionList(actions.start, t: nil, &w)
    w.raw(",\"finish\":")
    writeActionList(actions.finish, t: nil, &w)
    w.raw(",\"cancel\":")
    writeActionList(actions.cancel, t: nil, &w)
    w.byte(UInt8(ascii: "}"))
  }

  /// A list of actions; with `t`, each carries the time it applies at (interactions).
  public static func writeActionList(_ list: [Action], t: Double?, _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "["))
    for (i, action) in list.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{")
      if let t {
        w.raw("\"t\":")
        w.number(t)
        w.raw(",")
      }
      w.raw("\"target\":{")
      switch action.target {
      case .element(let e):
        w.raw("\"element\":")
        w.string(e.rawValue)
      case .screen(let s):
        w.raw("\"screen\":")
        w.string(s.rawValue)
      case .layer(let id):
        w.raw("\"layer\":")
        w.string(id)
      }
      w.raw("},")
      switch action.change {
      case .hidden(let hidden):
        w.raw("\"hidden\":")
        w.bool(hidden)
      case .remove:
        w.raw("\"remove\":true")
      case .alpha(let a):
        w.raw("\"alpha\":")
        w.number(a)
      }
      w.byte(UInt8(ascii: "}"))
    }
    w.byte(UInt8(ascii: "]"))
  }

  public static func writeTiming(_ timing: Timing, _ w: inout JSONWriter) {
    w.raw("{\"duration\":")
    w.number(timing.duration)
    w.raw(",\"curve\":{\"type\":")
    w.string(timing.curve.typeName)
    func field(_ name: StaticString, _ v: Double) {
      w.raw(",")
      w.key(name)
      w.number(v)
    }
    func springFields(_ s: DampedSpring) {
      field("mass", s.mass)
      field("stiffness", s.stiffness)
      field("damping", s.damping)
    }
    switch timing.curve {
    case .bezier(_, let b):
      field("x1", b.x1)
      field("y1", b.y1)
      field("x2", b.x2)
      field("y2", b.y2)
    case .spring(let ratio, let velocity, let s):
      field("dampingRatio", ratio)
      field("initialVelocity", velocity)
      springFields(s)
    case .springPhysics(let allow, let s):
      springFields(s)
      field("initialVelocity", s.initialVelocity)
      w.raw(",\"allowOverdamping\":")
      w.bool(allow)
    case .springResponse(let response, let ratio, let s):
      field("response", response)
      field("dampingRatio", ratio)
      springFields(s)
    case .springBounce(let d, let bounce, let s):
      field("duration", d)
      field("bounce", bounce)
      springFields(s)
    }
    w.raw("}}")
  }

  @inline(__always)
  public static func writeRect(_ r: Rect, _ w: inout JSONWriter) {
    w.raw("{\"x\":")
    w.number(r.x)
    w.raw(",\"y\":")
    w.number(r.y)
    w.raw(",\"width\":")
    w.number(r.width)
    w.raw(",\"height\":")
    w.number(r.height)
    w.byte(UInt8(ascii: "}"))
  }

  public static func writeSize(_ s: Size, _ w: inout JSONWriter) {
    w.raw("{\"width\":")
    w.number(s.width)
    w.raw(",\"height\":")
    w.number(s.height)
    w.byte(UInt8(ascii: "}"))
  }

  @inline(__always)
  public static func writeTransform(_ t: Transform3D, _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "["))
    w.number(t.m11)
    for v in [
      t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42,
      t.m43, t.m44,
    ] {
      w.byte(UInt8(ascii: ","))
      w.number(v)
    }
    w.byte(UInt8(ascii: "]"))
  }
}
