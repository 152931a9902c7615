import JSON
import TransitionEngine

/// The `viewtransition` document (docs/VIEWTRANSITIONS.md): the plan's choreography for the
/// pseudo-elements of a View Transition, as a stylesheet that plays by itself (`css`) and as a
/// static stylesheet plus `Element.animate()` arguments (`baseCss`, `animations`).
public enum ViewTransitionExporter {
  public static let mediaSubtype = "vnd.transition-planner.viewtransition+json"

  /// The document of a plan. A reversal's old images are placed by its forward plan's last
  /// keyframes (3.1), which this plans from the request.
  public static func export(_ plan: Plan) -> [UInt8] {
    var forwardEnd: ForwardEnd? = nil
    if plan.reversal != nil, var forward = plan.request {
      forward.reversal = nil
      // The last keyframe is the state at the forward plan's duration whatever the frame rate:
      // one sample a second keeps the planning cheap.
      forward.frameRate = 1
      if let f = try? Planner.plan(forward, maximumKeyframes: Int.max) {
        forwardEnd = ForwardEnd(
          states: f.keyframes.map { $0[$0.count - 1] },
          details: f.choreography.layers.indices.map { i in f.details(ofLayer: i).last })
      }
    }
    return export(plan, forwardEnd: forwardEnd)
  }

  /// The forward plan's last keyframe of every layer (a reversal has the same layers).
  struct ForwardEnd {
    var states: [LayerState]
    var details: [LayerDetail?]
  }

  /// How a property's numbers become its CSS text.
  enum Spelling {
    /// `Npx`.
    case pixels
    /// A number (opacity).
    case number
    /// `brightness(N)`.
    case brightness
    /// `translate(Xpx, Ypx)`, then ` matrix3d(...)` of the other 16 numbers when there are.
    case translate
    /// `OXpx OYpx Bpx rgba(R, G, B, O)` of the one number O.
    case shadow(x: Double, y: Double, blur: Double, r: Int, g: Int, b: Int)
  }

  /// One animatable property of one pseudo-element: its numbers at every plan sample, `stride`
  /// of them per sample. Its text is a function of them, and two different doubles never spell
  /// alike (shortest round-trip digits; 0 and -0 compare equal and both spell `0`), so the
  /// text changes exactly where the numbers do: only the texts written are formatted (into
  /// the shared text pool, once each).
  struct Property {
    var css: StaticString
    var camel: StaticString
    var spelling: Spelling
    var stride: Int
    var values: [Double]
    var animated = false

    init(
      _ css: StaticString, _ camel: StaticString, _ spelling: Spelling, stride: Int = 1,
      values: [Double]
    ) {
      self.css = css
      self.camel = camel
      self.spelling = spelling
      self.stride = stride
      self.values = values
    }

    var samples: Int { values.count / stride }

    func changes() -> Bool {
      var i = stride
      while i < values.count {
        for j in 0..<stride where values[i + j] != values[j] { return true }
        i += stride
      }
      return false
    }

    /// Formats the text at `sample` into the pool and returns its range.
    func write(_ sample: Int, _ pool: inout JSONWriter) -> Range<Int> {
      let start = pool.byteCount
      let o = sample * stride
      switch spelling {
      case .pixels:
        ViewTransitionText.number(values[o], &pool)
        pool.raw("px")
      case .number:
        ViewTransitionText.number(values[o], &pool)
      case .brightness:
        pool.raw("brightness(")
        ViewTransitionText.number(values[o], &pool)
        pool.raw(")")
      case .translate:
        pool.raw("translate(")
        ViewTransitionText.number(values[o], &pool)
        pool.raw("px, ")
        ViewTransitionText.number(values[o + 1], &pool)
        pool.raw("px)")
        if stride > 2 {
          pool.raw(" matrix3d(")
          for i in 2..<stride {
            if i > 2 { pool.raw(", ") }
            ViewTransitionText.number(values[o + i], &pool)
          }
          pool.raw(")")
        }
      case .shadow(let x, let y, let blur, let r, let g, let b):
        ViewTransitionText.number(x, &pool)
        pool.raw("px ")
        ViewTransitionText.number(y, &pool)
        pool.raw("px ")
        ViewTransitionText.number(blur, &pool)
        pool.raw("px rgba(")
        pool.integer(Int64(r))
        pool.raw(", ")
        pool.integer(Int64(g))
        pool.raw(", ")
        pool.integer(Int64(b))
        pool.raw(", ")
        ViewTransitionText.number(values[o], &pool)
        pool.raw(")")
      }
      return start..<pool.byteCount
    }
  }

  enum PseudoKind: Int { case group, old, new }

  /// A property as the writers read it: trivial (no reference counting in their loops), its
  /// texts at `texts[base + sample]` (a static one's at `texts[base]`).
  struct Row {
    var css: StaticString
    var base: Int
    /// An animated property's ` css: ` and `,"camel":"`, in the pool: one copy per keyframe
    /// instead of three pieces.
    var cssName: Range<Int> = 0..<0
    var jsonName: Range<Int> = 0..<0
  }

  struct Pseudo {
    var kind: PseudoKind
    var group: Int
    var properties: [Property]
    /// Its group's entry in the windows (one per distinct delay).
    var window = 0
    /// Filled once the texts are written.
    var animatedRows: [Row] = []
    var staticRows: [Row] = []
    var animated: Bool { !animatedRows.isEmpty }
  }

  static func export(_ plan: Plan, forwardEnd: ForwardEnd?) -> [UInt8] {
    let timeline = plan.timeline
    let mapping = ViewTransitionGroups(
      timeline, choreography: plan.choreography, reversal: plan.reversal != nil)
    let samples = timeline.times.count

    // Every property's numbers at every sample; which of them change.
    var pseudos: [Pseudo] = []
    for (g, group) in mapping.groups.enumerated() {
      pseudos.append(
        Pseudo(kind: .group, group: g, properties: groupProperties(timeline, group.lowest)))
      for (kind, image) in [(PseudoKind.old, group.old), (.new, group.new)] {
        guard let image else { continue }
        pseudos.append(
          Pseudo(
            kind: kind, group: g,
            properties: imageProperties(
              timeline, image, kind: kind, reversal: plan.reversal != nil, forwardEnd)))
      }
    }
    var anyAnimated = false
    for p in pseudos.indices {
      for q in pseudos[p].properties.indices where pseudos[p].properties[q].changes() {
        pseudos[p].properties[q].animated = true
        anyAnimated = true
      }
    }
    // 4.2: a plan in which nothing moves still lasts D through the bottom group's transform.
    if !anyAnimated, let bottom = pseudos.firstIndex(where: { $0.kind == .group }),
      let t = pseudos[bottom].properties.firstIndex(where: { $0.camel.description == "transform" })
    {
      pseudos[bottom].properties[t].animated = true
    }
    // The texts written: a window's offsets and timings once per distinct delay (most groups
    // share one), a static property's once, an animated one's at its window's samples.
    var pool = JSONWriter(capacity: 4096 + samples * timeline.layers.count * 160)
    var windows: [Window] = []
    for p in pseudos.indices {
      let delay = mapping.groups[pseudos[p].group].delay
      if let known = windows.firstIndex(where: { $0.delay == delay }) {
        pseudos[p].window = known
      } else {
        pseudos[p].window = windows.count
        windows.append(Window(timeline, delay: delay, &pool))
      }
    }
    var texts: [Range<Int>] = []
    texts.reserveCapacity(samples * timeline.layers.count * 4)
    for p in pseudos.indices {
      let start = windows[pseudos[p].window].samples[0].index
      for property in pseudos[p].properties {
        var row = Row(css: property.css, base: texts.count)
        if property.animated {
          let css = pool.byteCount
          pool.raw(" ")
          pool.raw(property.css)
          pool.raw(": ")
          let json = pool.byteCount
          pool.raw(",\"")
          pool.raw(property.camel)
          pool.raw("\":\"")
          row.cssName = css..<json
          row.jsonName = json..<pool.byteCount
          texts.append(contentsOf: repeatElement(0..<0, count: start))
          for k in start..<property.samples { texts.append(property.write(k, &pool)) }
          pseudos[p].animatedRows.append(row)
        } else {
          texts.append(property.write(0, &pool))
          pseudos[p].staticRows.append(row)
        }
      }
      pseudos[p].properties = []
    }

    let duration = timeline.duration
    // baseCss first: its bytes go into the document twice.
    var base = JSONWriter(capacity: 4096 + mapping.groups.count * 640)
    writeBaseCss(plan, timeline, mapping, pseudos, pool: pool, texts, &base)
    // Written straight into the array returned, in room for all of it: a document that
    // outgrew it would be copied twice more (0.6M instructions of the 10-pair hero push's).
    // The texts appear twice, with their names, offsets and punctuation about as long again.
    let capacity = 8192 + 2 * base.byteCount + 4 * pool.byteCount
    return JSONWriter.collect(capacity: capacity) { w in
      w.raw("{\"format\":\"viewtransition\",\"formatVersion\":1,\"engineVersion\":\"")
      w.raw(PlanEncoder.engineVersion)
      w.raw("\",\"style\":")
      w.string(plan.style)
      w.raw(",\"operation\":")
      w.string(plan.operation.rawValue)
      PlanEncoder.writeEchoes(
        reduceMotion: plan.reduceMotion, reversal: plan.reversal, retarget: nil, &w)
      w.raw(",\"container\":")
      w.size(timeline.container)
      w.raw(",\"duration\":")
      w.number(duration * 1000)
      w.raw(",\"frameRate\":")
      w.integer(Int64(plan.frameRate))
      w.raw(",\"types\":[")
      w.string("tp-" + ViewTransitionText.encoded(plan.style))
      w.raw(",")
      w.string("tp-" + ViewTransitionText.encoded(plan.operation.rawValue))
      if plan.reversal != nil { w.raw(",\"tp-reversal\"") }
      if plan.reduceMotion { w.raw(",\"tp-reduced-motion\"") }
      w.raw("]")
      if let background = mapping.background {
        w.raw(",\"background\":")
        w.string(timeline.layers[background].id)
      }
      w.raw(",\"groups\":[")
      for (g, group) in mapping.groups.enumerated() {
        if g > 0 { w.raw(",") }
        writeGroupEntry(group, zIndex: g, timeline, &w)
      }
      w.raw("]")

      // baseCss, then css = baseCss + the animations' lines. The CSS texts are ASCII without
      // quotes or backslashes: written straight into their JSON strings, each line break as its
      // escape.
      w.raw(",\"baseCss\":\"")
      w.append(base)
      w.raw("\",\"css\":\"")
      w.append(base)
      for pseudo in pseudos where pseudo.animated {
        writeCssAnimation(
          pseudo, mapping.groups[pseudo.group], windows[pseudo.window], pool: pool, texts, &w)
      }
      w.raw("\",\"animations\":[")
      var first = true
      for pseudo in pseudos where pseudo.animated {
        if !first { w.raw(",") }
        first = false
        writeAnimationEntry(
          pseudo, mapping.groups[pseudo.group], windows[pseudo.window], pool: pool, texts, &w)
      }
      w.raw("],\"actions\":")
      PlanEncoder.writeActions(timeline.actions, &w)
      if let request = plan.request {
        w.raw(",\"request\":")
        CanonicalRequest.write(request, &w)
      }
      if !mapping.leftOut.isEmpty {
        w.raw(",\"leavesOut\":[")
        for (i, l) in mapping.leftOut.enumerated() {
          if i > 0 { w.raw(",") }
          w.string(timeline.layers[l].id)
        }
        w.raw("]")
      }
      w.raw("}")
    }
  }

  // MARK: - Property texts

  static func groupProperties(_ timeline: Timeline, _ l: Int) -> [Property] {
    let layer = timeline.layers[l]
    let states = timeline.keyframes[l]
    let details = timeline.details.count > l ? timeline.details[l] : []
    let withMatrix = states.contains { !$0.transform.isIdentity }
    var width: [Double] = []
    var height: [Double] = []
    var transform: [Double] = []
    width.reserveCapacity(states.count)
    height.reserveCapacity(states.count)
    transform.reserveCapacity(states.count * (withMatrix ? 18 : 2))
    for s in states {
      width.append(s.frame.width)
      height.append(s.frame.height)
      transform.append(s.frame.x)
      transform.append(s.frame.y)
      if withMatrix { transform.append(contentsOf: s.transform.values) }
    }
    var out = [
      Property("width", "width", .pixels, values: width),
      Property("height", "height", .pixels, values: height),
      Property(
        "transform", "transform", .translate, stride: withMatrix ? 18 : 2, values: transform),
    ]
    if layer.reportsCornerRadius, details.count == states.count {
      out.append(
        Property("border-radius", "borderRadius", .pixels, values: details.map(\.cornerRadius)))
    }
    if let shadow = layer.shadow, details.count == states.count {
      let (r, g, b) = rgb(shadow.color)
      out.append(
        Property(
          "box-shadow", "boxShadow",
          .shadow(
            x: shadow.offset.x, y: shadow.offset.y, blur: 2 * shadow.radius, r: r, g: g, b: b),
          values: details.map(\.shadowOpacity)))
    }
    return out
  }

  static func imageProperties(
    _ timeline: Timeline, _ image: ViewTransitionGroups.Image, kind: PseudoKind, reversal: Bool,
    _ forwardEnd: ForwardEnd?
  ) -> [Property] {
    let samples = timeline.times.count
    guard let l = image.layer else {
      // A hidden partner: held at 0.
      return [Property("opacity", "opacity", .number, values: Array(repeating: 0, count: samples))]
    }
    let states = timeline.keyframes[l]
    var out = [Property("opacity", "opacity", .number, values: states.map(\.alpha))]
    if let d = image.dimming {
      out.append(
        Property(
          "filter", "filter", .brightness, values: timeline.keyframes[d].map { 1 - $0.alpha }))
    }
    let details = timeline.details.count > l ? timeline.details[l] : []
    if timeline.layers[l].hasContentFrame, details.count == samples {
      // The capture keyframe (3.1): the last for a new image, the first for an old one, the
      // forward plan's last for a reversal's old one.
      var captureFrame = states[samples - 1].frame
      var capture = details[samples - 1].contentFrame
      if kind == .old {
        if reversal, let forwardEnd, let d = forwardEnd.details[l] {
          captureFrame = forwardEnd.states[l].frame
          capture = d.contentFrame
        } else {
          captureFrame = states[0].frame
          capture = details[0].contentFrame
        }
      }
      var left: [Double] = []
      var top: [Double] = []
      var width: [Double] = []
      var height: [Double] = []
      for d in details {
        let c = d.contentFrame
        let sx = capture.width == 0 ? 1 : c.width / capture.width
        let sy = capture.height == 0 ? 1 : c.height / capture.height
        left.append(c.x - capture.x * sx)
        top.append(c.y - capture.y * sy)
        width.append(captureFrame.width * sx)
        height.append(captureFrame.height * sy)
      }
      out += [
        Property("left", "left", .pixels, values: left),
        Property("top", "top", .pixels, values: top),
        Property("width", "width", .pixels, values: width),
        Property("height", "height", .pixels, values: height),
      ]
    }
    return out
  }

  /// `#RRGGBB` (either case) as its three bytes.
  static func rgb(_ hex: String) -> (Int, Int, Int) {
    let digits = Array(hex.utf8.dropFirst())
    guard digits.count == 6 else { return (0, 0, 0) }
    func byte(_ i: Int) -> Int {
      Int(UInt8(String(decoding: digits[(2 * i)..<(2 * i + 2)], as: UTF8.self), radix: 16) ?? 0)
    }
    return (byte(0), byte(1), byte(2))
  }

  // MARK: - Static facts of groups and images

  /// 3.5's `object-fit`: by content mode for an element layer without a content frame, else
  /// `fill`.
  static func objectFit(_ timeline: Timeline, _ image: ViewTransitionGroups.Image) -> StaticString {
    guard let l = image.layer, !timeline.layers[l].hasContentFrame,
      case .element(_, _, let mode) = timeline.layers[l].content
    else { return "fill" }
    switch mode {
    case .scaleToFill: return "fill"
    case .aspectFit: return "contain"
    case .aspectFill: return "cover"
    case .center: return "none"
    }
  }

  /// 3.4: the group clips with a radius, a content frame, or an image that may overflow.
  static func clips(_ timeline: Timeline, _ group: ViewTransitionGroups.Group) -> Bool {
    let geometry = timeline.layers[group.lowest]
    if geometry.reportsCornerRadius || geometry.hasContentFrame { return true }
    for image in [group.old, group.new] {
      guard let image else { continue }
      let fit = objectFit(timeline, image).description
      if fit == "cover" || fit == "none" { return true }
    }
    return false
  }

  static func selector(_ kind: PseudoKind, _ name: String, _ w: inout JSONWriter) {
    switch kind {
    case .group: w.raw("::view-transition-group(")
    case .old: w.raw("::view-transition-old(")
    case .new: w.raw("::view-transition-new(")
    }
    w.append(utf8: name)
    w.raw(")")
  }

  static func writeBaseCss(
    _ plan: Plan, _ timeline: Timeline, _ mapping: ViewTransitionGroups, _ pseudos: [Pseudo],
    pool: borrowing JSONWriter, _ texts: [Range<Int>], _ w: inout JSONWriter
  ) {
    w.raw("/* transition-planner viewtransition: ")
    w.append(utf8: plan.style)
    w.raw(" ")
    w.append(utf8: plan.operation.rawValue)
    w.raw(", ")
    ViewTransitionText.number(timeline.duration * 1000, &w)
    w.raw(" ms */\\n:root { view-transition-name: none; }\\n")
    w.raw(
      "::view-transition { inset: auto; left: var(--tp-container-left, 0px); top: var(--tp-container-top, 0px); width: "
    )
    ViewTransitionText.number(timeline.container.width, &w)
    w.raw("px; height: ")
    ViewTransitionText.number(timeline.container.height, &w)
    w.raw("px; overflow: clip;")
    if let b = mapping.background, case .color(let colour) = timeline.layers[b].content {
      let (r, g, bl) = rgb(colour)
      w.raw(" background-color: rgba(")
      w.integer(Int64(r))
      w.raw(", ")
      w.integer(Int64(g))
      w.raw(", ")
      w.integer(Int64(bl))
      w.raw(", ")
      ViewTransitionText.number(timeline.keyframes[b][0].alpha, &w)
      w.raw(");")
    }
    w.raw(" }\\n")
    var p = 0
    for (g, group) in mapping.groups.enumerated() {
      let name = group.name
      selector(.group, name, &w)
      w.raw(", ::view-transition-image-pair(")
      w.append(utf8: name)
      w.raw(")")
      if group.old != nil {
        w.raw(", ")
        selector(.old, name, &w)
      }
      if group.new != nil {
        w.raw(", ")
        selector(.new, name, &w)
      }
      w.raw(" { animation: none; }\\n")
      // The group's own rule.
      let layer = timeline.layers[group.lowest]
      selector(.group, name, &w)
      w.raw(" { z-index: ")
      w.integer(Int64(g))
      w.raw("; transform-origin: ")
      ViewTransitionText.number(layer.anchor.x * 100, &w)
      w.raw("% ")
      ViewTransitionText.number(layer.anchor.y * 100, &w)
      w.raw("%;")
      if clips(timeline, group) { w.raw(" overflow: clip;") }
      writeStatic(pseudos[p], pool: pool, texts, &w)
      w.raw(" }\\n")
      p += 1
      for (kind, image) in [(PseudoKind.old, group.old), (.new, group.new)] {
        guard let image else { continue }
        selector(kind, name, &w)
        w.raw(" { mix-blend-mode: normal; z-index: ")
        w.integer(Int64(image.zIndex))
        w.raw("; object-fit: ")
        w.raw(objectFit(timeline, image))
        w.raw("; object-position: 50% 50%;")
        let framed = image.layer.map { timeline.layers[$0].hasContentFrame } ?? false
        if !framed { w.raw(" left: 0px; top: 0px; width: 100%; height: 100%;") }
        writeStatic(pseudos[p], pool: pool, texts, &w)
        w.raw(" }\\n")
        p += 1
      }
    }
  }

  /// ` prop: value;` for each static property.
  static func writeStatic(
    _ pseudo: Pseudo, pool: borrowing JSONWriter, _ texts: [Range<Int>], _ w: inout JSONWriter
  ) {
    for row in pseudo.staticRows {
      w.raw(" ")
      w.raw(row.css)
      w.raw(": ")
      w.append(pool, texts[row.base])
      w.raw(";")
    }
  }

  // MARK: - Animations

  /// 4.1's window: the sample indices from the last at or before d to the end, and their
  /// offsets.
  static func window(_ timeline: Timeline, delay d: Double) -> [(index: Int, offset: Double)] {
    let times = timeline.times
    let last = times.count - 1
    let duration = timeline.duration
    var start = 0
    while start < last, times[start + 1] <= d { start += 1 }
    guard last > start else { return [(last, 0), (last, 1)] }
    return (start...last).map { i in
      if i == start { return (i, 0) }
      if i == last { return (i, 1) }
      return (i, min(max((times[i] - d) / (duration - d), 0), 1))
    }
  }

  static func animationName(_ pseudo: Pseudo, _ name: String, _ w: inout JSONWriter) {
    switch pseudo.kind {
    case .group: w.raw("tpvt-group-")
    case .old: w.raw("tpvt-old-")
    case .new: w.raw("tpvt-new-")
    }
    w.append(utf8: name)
  }

  /// 4.1's window of one delay with the texts every animation of that delay repeats, each
  /// formatted once into the pool: the samples' offsets (JSON numbers and CSS percentages) and
  /// the timing.
  struct Window {
    var delay: Double
    var samples: [(index: Int, offset: Range<Int>, percent: Range<Int>)] = []
    /// `(D - d) x 1000` and the delay in milliseconds, as JSON numbers and as CSS numbers.
    var duration: Range<Int>
    var cssDuration: Range<Int>
    var cssDelay: Range<Int>
    /// Only for d > 0 (the option is left out otherwise).
    var delayText: Range<Int>

    init(_ timeline: Timeline, delay d: Double, _ pool: inout JSONWriter) {
      delay = d
      func text(_ write: (inout JSONWriter) -> Void) -> Range<Int> {
        let start = pool.byteCount
        write(&pool)
        return start..<pool.byteCount
      }
      let ms = (timeline.duration - d) * 1000
      duration = text { $0.number(ms) }
      cssDuration = text { ViewTransitionText.number(ms, &$0) }
      cssDelay = text { ViewTransitionText.number(d > 0 ? d * 1000 : 0, &$0) }
      delayText = d > 0 ? text { $0.number(d * 1000) } : 0..<0
      for (index, offset) in window(timeline, delay: d) {
        samples.append(
          (
            index, text { $0.number(offset) },
            text { ViewTransitionText.number(offset * 100, &$0) }
          ))
      }
    }
  }

  static func writeCssAnimation(
    _ pseudo: Pseudo, _ group: ViewTransitionGroups.Group, _ window: Window,
    pool: borrowing JSONWriter, _ texts: [Range<Int>], _ w: inout JSONWriter
  ) {
    selector(pseudo.kind, group.name, &w)
    w.raw(" { animation: ")
    animationName(pseudo, group.name, &w)
    w.raw(" ")
    w.append(pool, window.cssDuration)
    w.raw("ms linear ")
    w.append(pool, window.cssDelay)
    w.raw("ms both; }\\n@keyframes ")
    animationName(pseudo, group.name, &w)
    w.raw(" {\\n")
    for sample in window.samples {
      w.raw("  ")
      w.append(pool, sample.percent)
      w.raw("% {")
      for row in pseudo.animatedRows {
        w.append(pool, row.cssName)
        w.append(pool, texts[row.base + sample.index])
        w.raw(";")
      }
      w.raw(" }\\n")
    }
    w.raw("}\\n")
  }

  static func writeAnimationEntry(
    _ pseudo: Pseudo, _ group: ViewTransitionGroups.Group, _ window: Window,
    pool: borrowing JSONWriter, _ texts: [Range<Int>], _ w: inout JSONWriter
  ) {
    w.raw("{\"keyframes\":[")
    for (k, sample) in window.samples.enumerated() {
      if k > 0 { w.raw(",") }
      w.raw("{\"offset\":")
      w.append(pool, sample.offset)
      for row in pseudo.animatedRows {
        w.append(pool, row.jsonName)
        // CSS texts are ASCII without quotes or backslashes: no escaping needed.
        w.append(pool, texts[row.base + sample.index])
        w.raw("\"")
      }
      w.raw("}")
    }
    w.raw("],\"options\":{\"duration\":")
    w.append(pool, window.duration)
    if window.delay > 0 {
      w.raw(",\"delay\":")
      w.append(pool, window.delayText)
    }
    w.raw(",\"easing\":\"linear\",\"fill\":\"both\",\"pseudoElement\":\"")
    selector(pseudo.kind, group.name, &w)
    w.raw("\"}}")
  }

  // MARK: - groups entries

  static func writeGroupEntry(
    _ group: ViewTransitionGroups.Group, zIndex: Int, _ timeline: Timeline, _ w: inout JSONWriter
  ) {
    w.raw("{\"name\":")
    w.string(group.name)
    w.raw(",\"class\":")
    w.string(group.className)
    w.raw(",\"zIndex\":")
    w.integer(Int64(zIndex))
    w.raw(",\"delay\":")
    w.number(group.delay * 1000)
    w.raw(",\"layers\":{")
    var firstLayer = true
    for (key, image) in [("old", group.old), ("new", group.new)] {
      guard let image else { continue }
      if !firstLayer { w.raw(",") }
      firstLayer = false
      w.string(key)
      w.raw(":")
      if let l = image.layer { w.string(timeline.layers[l].id) } else { w.raw("null") }
    }
    w.raw("},\"old\":")
    writeTarget(group.old?.target, &w)
    w.raw(",\"new\":")
    writeTarget(group.new?.target, &w)
    for (key, image) in [("old", group.old), ("new", group.new)] {
      guard let image, let d = image.dimming else { continue }
      w.raw(",\"dimming\":{")
      w.string(key)
      w.raw(":")
      w.string(timeline.layers[d].id)
      w.raw("}")
    }
    w.raw("}")
  }

  static func writeTarget(_ target: ViewTransitionGroups.Target?, _ w: inout JSONWriter) {
    guard let target else {
      w.raw("null")
      return
    }
    switch target {
    case .screen(let s):
      w.raw("{\"screen\":")
      w.string(s.rawValue)
      w.raw("}")
    case .screenElement(let s, let e):
      w.raw("{\"screen\":")
      w.string(s.rawValue)
      w.raw(",\"element\":")
      w.string(e.rawValue)
      w.raw("}")
    case .element(let e):
      w.raw("{\"element\":")
      w.string(e.rawValue)
      w.raw("}")
    case .slice(let s, let rect):
      w.raw("{\"screen\":")
      w.string(s.rawValue)
      w.raw(",\"rect\":")
      w.rect(rect)
      w.raw("}")
    }
  }
}
