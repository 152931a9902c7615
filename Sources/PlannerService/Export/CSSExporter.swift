import TransitionEngine

/// The `css` document: a container class and, per layer, `@keyframes tp-<id>` with one
/// percentage selector per plan sample plus a class `.tp-<id>` that runs it. Any curve
/// (springs included) is expressed by the dense samples with linear easing between them, so a
/// browser shows exactly the plan's keyframes at the sample times.
public enum CSSExporter {
  /// What of a plan's shared-element properties the stylesheet carries: all of them.
  static let carried: Set<String> = ["cornerRadius", "contentFrame", "shadow"]

  public static func export(_ timeline: Timeline) -> [UInt8] {
    let frames = timeline.times.count * timeline.layers.count
    var w = TextWriter(capacity: 1024 + frames * 150)
    let durationMs = timeline.duration * 1000
    w.raw("/* transition-planner: ")
    w.text(sanitizedComment(timeline.style + " " + timeline.operation.rawValue))
    w.raw(", ")
    w.number(durationMs)
    w.raw("ms, ")
    w.number(Double(timeline.times.count))
    w.raw(" samples.\n")
    w.raw(" * Timing curves (springs included) are expressed as dense keyframes sampled at the\n")
    w.raw(" * plan's frame rate (")
    w.number(Double(timeline.frameRate))
    w.raw(" fps) with linear easing between them.\n")
    if let note = ExportOmissions.sentence(timeline, carried: carried) {
      w.raw(" * ")
      w.text(sanitizedComment(note))
      w.raw("\n")
    }
    w.raw(
      " * Layers are listed bottom to top: put the elements in this order in a .tp-container,\n")
    w.raw(" * each with its .tp-<id> class. left/top/width/height are the untransformed frame;\n")
    w.raw(" * the transform applies about transform-origin (the layer's anchor).")
    if timeline.layers.contains(where: \.hasContentFrame) {
      w.raw(" A layer with a\n")
      w.raw(
        " * content frame clips (overflow: hidden) a child with its .tp-<id>-content class, the\n")
      w.raw(" * content's box in the layer's own coordinates.")
    }
    w.raw(" */\n")
    w.raw(".tp-container {\n  position: relative;\n  width: ")
    w.number(timeline.container.width)
    w.raw("px;\n  height: ")
    w.number(timeline.container.height)
    w.raw("px;\n  overflow: hidden;\n}\n")
    let offsets = WaapiExporter.offsets(timeline)
    for (l, layer) in timeline.layers.enumerated() {
      let name = CSSIdentifier.prefixed(layer.id)
      w.raw("\n/* ")
      w.text(sanitizedComment(layer.id))
      w.raw(": ")
      w.text(sanitizedComment(describe(layer.content)))
      w.raw(" */\n@keyframes ")
      w.text(name)
      w.raw(" {\n")
      let details = l < timeline.details.count ? timeline.details[l] : []
      let detailed = layer.hasDetail && details.count == timeline.times.count
      for sample in offsets {
        w.raw("  ")
        w.number(sample.offset * 100)
        w.raw("% { ")
        writeDeclarations(timeline.keyframes[l][sample.index], &w)
        if detailed { writeDetail(details[sample.index], layer, &w) }
        w.raw("}\n")
      }
      w.raw("}\n.")
      w.text(name)
      w.raw(" {\n  position: absolute;\n")
      if detailed, layer.hasContentFrame { w.raw("  overflow: hidden;\n") }
      w.raw("  transform-origin: ")
      w.number(layer.anchor.x * 100)
      w.raw("% ")
      w.number(layer.anchor.y * 100)
      w.raw("%;\n")
      if case .color(let color) = layer.content {
        w.raw("  background-color: ")
        w.text(sanitizedComment(color))
        w.raw(";\n")
      }
      w.raw("  animation: ")
      w.text(name)
      w.raw(" ")
      w.number(durationMs)
      w.raw("ms linear both;\n}\n")
      if detailed, layer.hasContentFrame {
        let child = CSSIdentifier.prefixed(layer.id + "-content")
        w.raw("@keyframes ")
        w.text(child)
        w.raw(" {\n")
        for sample in offsets {
          w.raw("  ")
          w.number(sample.offset * 100)
          w.raw("% { ")
          writeBox(details[sample.index].contentFrame, &w)
          w.raw("}\n")
        }
        w.raw("}\n.")
        w.text(child)
        w.raw(" {\n  position: absolute;\n  animation: ")
        w.text(child)
        w.raw(" ")
        w.number(durationMs)
        w.raw("ms linear both;\n}\n")
      }
    }
    return w.bytes
  }

  static func writeDeclarations(_ state: LayerState, _ w: inout TextWriter) {
    writeBox(state.frame, &w)
    w.raw("opacity: ")
    w.number(state.alpha)
    w.raw("; transform: ")
    if state.transform.isIdentity {
      w.raw("none")
    } else {
      WaapiExporter.matrix3d(state.transform, &w.json)
    }
    w.raw("; ")
  }

  /// `left: ..px; top: ..px; width: ..px; height: ..px; `.
  static func writeBox(_ r: Rect, _ w: inout TextWriter) {
    w.raw("left: ")
    w.number(r.x)
    w.raw("px; top: ")
    w.number(r.y)
    w.raw("px; width: ")
    w.number(r.width)
    w.raw("px; height: ")
    w.number(r.height)
    w.raw("px; ")
  }

  /// `border-radius` and `box-shadow` (blur twice CALayer's shadowRadius), as the layer reports.
  static func writeDetail(_ detail: LayerDetail, _ layer: Timeline.LayerInfo, _ w: inout TextWriter)
  {
    if layer.reportsCornerRadius {
      w.raw("border-radius: ")
      w.number(detail.cornerRadius)
      w.raw("px; ")
    }
    if let shadow = layer.shadow {
      w.raw("box-shadow: ")
      WaapiExporter.boxShadow(shadow, opacity: detail.shadowOpacity, &w.json)
      w.raw("; ")
    }
  }

  /// A short description of what the layer draws, for the comment above its rules.
  static func describe(_ content: LayerContent) -> String {
    switch content {
    case .screen(let s): "the live \(s.rawValue) screen"
    case .snapshot(let s): "a snapshot of the \(s.rawValue) screen"
    case .element(let s, let e, let mode):
      "the \(e.rawValue) element of the \(s.rawValue) screen (\(mode.rawValue))"
    case .slice(let s, _): "a slice of the \(s.rawValue) screen's image"
    case .color(let c): "solid \(c)"
    }
  }

  /// Text safe inside a comment or as a declaration value: no `*/`, no line breaks, no `;{}`.
  static func sanitizedComment(_ s: String) -> String {
    var out = ""
    var previous: Character = " "
    for c in s {
      if (previous == "*" && c == "/") || c.isNewline || c == "{" || c == "}" || c == ";" {
        out.append("_")
      } else {
        out.append(c)
      }
      previous = c
    }
    return out
  }
}
