import JSON
import TransitionEngine

/// Writes plans in docs/API.md's shape and key order, deterministically (the same plan gives the
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
    writeEchoes(
      reduceMotion: plan.reduceMotion, reversal: plan.reversal, retarget: plan.retarget, &w)
    w.raw(",")
    w.key("container")
    w.size(plan.scene.container)
    w.raw(",")
    w.key("duration")
    w.number(plan.duration)
    w.raw(",")
    w.key("frameRate")
    w.integer(Int64(plan.frameRate))
    w.raw(",")
    w.key("timing")
    w.timing(plan.timing)
    w.raw(",")
    w.key("layers")
    writeLayers(
      plan.choreography.layers, times: plan.times, keyframes: plan.keyframes,
      details: plan.details, &w)
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
        if case .transform = $0.change { return true } else { return false }
      }
      if moves3D || !layer.transform.isIdentity { perFrame += 400 }
      // Shared-element members: a radius, a content frame, a shadow opacity.
      if layer.hasDetail {
        perFrame +=
          (layer.reportsCornerRadius ? 40 : 0) + (layer.contentFrame != nil ? 120 : 0)
          + (layer.shadow != nil ? 40 : 0)
      }
    }
    return 2048 + frames * perFrame
  }

  /// `rounded[l]`: layer l's keyframes report a corner radius its plan layer does not (a
  /// `back` pattern's rounded screens).
  /// `,"reduceMotion":true`, `,"reversal":{...}`, `,"retarget":{...}`: the accessibility and
  /// interruption echoes, only where the request asked for them, so other plans keep their
  /// bytes (the JSON plan and the native documents alike).
  static func writeEchoes(
    reduceMotion: Bool, reversal: ReversalEcho?, retarget: RetargetEcho?,
    _ w: inout JSONWriter
  ) {
    if reduceMotion { w.raw(",\"reduceMotion\":true") }
    if let reversal {
      w.raw(",\"reversal\":{\"at\":")
      w.number(reversal.at)
      w.raw(",\"progress\":")
      w.number(reversal.progress)
      w.byte(UInt8(ascii: "}"))
    }
    if let retarget {
      w.raw(",\"retarget\":{\"at\":")
      w.number(retarget.at)
      w.raw(",\"policy\":")
      w.string(retarget.policy)
      w.raw(",\"fromDuration\":")
      w.number(retarget.fromDuration)
      w.byte(UInt8(ascii: "}"))
    }
  }

  public static func writeLayers(
    _ layers: [Layer], times: [Double], keyframes: [[LayerState]],
    details: [[LayerDetail]] = [], rounded: [Bool] = [], _ w: inout JSONWriter
  ) {
    let keyframeWriter = KeyframeWriter(times: times)
    w.byte(UInt8(ascii: "["))
    for (index, layer) in layers.enumerated() {
      if index > 0 { w.byte(UInt8(ascii: ",")) }
      writeLayerHeader(layer, &w)
      w.raw(",")
      w.key("keyframes")
      var members = KeyframeMembers(layer)
      if index < rounded.count, rounded[index] { members.insert(.cornerRadius) }
      keyframeWriter.write(
        keyframes[index], details: index < details.count ? details[index] : [],
        members: members, &w)
      w.byte(UInt8(ascii: "}"))
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
    w.content(layer.content)
    w.raw(",")
    w.key("anchor")
    w.point(layer.anchor)
    if let shadow = layer.shadow {
      w.raw(",")
      w.key("shadow")
      w.raw("{\"color\":")
      w.string(shadow.color)
      w.raw(",\"radius\":")
      w.number(shadow.radius)
      w.raw(",\"offset\":")
      w.point(shadow.offset)
      w.byte(UInt8(ascii: "}"))
    }
    w.raw(",")
    w.key("frame")
    w.rect(layer.frame)
    w.raw(",")
    w.key("alpha")
    w.number(layer.alpha)
    if !layer.transform.isIdentity {
      w.raw(",")
      w.key("transform")
      w.transform(layer.transform)
    }
    w.raw(",")
    w.key("tracks")
    w.byte(UInt8(ascii: "["))
    for (i, track) in layer.tracks.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      writeTrack(track, &w)
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// `{"property", "from", "to"[, "delay"][, "path"][, "timing"][, "duration", "velocity",
  /// "parts" | "additive"]}` (docs/API.md's member order). The in-flight track an additive
  /// one carries always has its timing set, so it always writes it.
  static func writeTrack(_ track: Track, _ w: inout JSONWriter) {
    w.raw("{\"property\":")
    w.string(track.property)
    w.raw(",\"from\":")
    switch track.change {
    case .frame(let from, let to), .contentFrame(let from, let to):
      w.rect(from)
      w.raw(",\"to\":")
      w.rect(to)
    case .alpha(let from, let to), .cornerRadius(let from, let to),
      .shadowOpacity(let from, let to):
      w.number(from)
      w.raw(",\"to\":")
      w.number(to)
    case .transform(let from, let to):
      w.transform(from)
      w.raw(",\"to\":")
      w.transform(to)
    }
    if track.delay > 0 {
      w.raw(",\"delay\":")
      w.number(track.delay)
    }
    if let control = track.arcControl {
      w.raw(",\"path\":{\"control\":")
      w.point(control)
      w.byte(UInt8(ascii: "}"))
    }
    if track.retraces, let timing = track.timing {
      w.raw(",\"timing\":")
      w.timing(timing)
    }
    if track.retraces, let motion = track.motion { writeMotion(motion, &w) }
    w.byte(UInt8(ascii: "}"))
  }

  /// A retarget track's members after `timing` (docs/API.md "Retargeting").
  static func writeMotion(_ motion: TrackMotion, _ w: inout JSONWriter) {
    switch motion {
    case .spring(let spring):
      w.raw(",\"duration\":")
      w.number(spring.end)
      w.raw(",\"velocity\":")
      switch spring.velocity.count {
      case 1: w.number(spring.velocity[0])
      case 4:
        let v = spring.velocity
        w.rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
      default: w.parts(spring.velocity)
      }
      if let parts = spring.parts {
        w.raw(",\"parts\":{\"from\":")
        w.parts(parts.from.values)
        w.raw(",\"to\":")
        w.parts(parts.to.values)
        w.byte(UInt8(ascii: "}"))
      }
    case .additive(let additive):
      w.raw(",\"additive\":{\"at\":")
      w.number(additive.at)
      w.raw(",\"track\":")
      writeTrack(additive.inner, &w)
      w.byte(UInt8(ascii: "}"))
    }
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
      case .screenElement(let s, let e):
        w.raw("\"screen\":")
        w.string(s.rawValue)
        w.raw(",\"element\":")
        w.string(e.rawValue)
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

}
