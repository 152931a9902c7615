import JSON
import TransitionEngine

extension CompactWaapiExporter {
  /// One `element.animate(keyframes, options)` of a compact document: two keyframes eased by
  /// the track's timing, or (an arc's path) keyframes placed along the curve, eased linearly.
  struct Animation {
    enum Value {
      case pixels(Double)
      case number(Double)
      case transform(Transform3D)
      case shadow(LayerShadow, opacity: Double)
    }

    /// `layer`, or `content` for the clipped content child.
    var target: String
    /// The plan property the animation draws (`frame`, `alpha`, ...).
    var property: String
    /// For a frame track along an arc: `path` (left and top) or `size` (width and height).
    var part: String? = nil
    var delay: Double
    var timing: Timing
    /// The two keyframes' members (for all but an arc's path).
    var ends: [[(String, Value)]] = []
    /// The spring's tolerance in progress (`linear()` points); unused for beziers.
    var tolerance = 1.0
    /// An arc's left and top against time since the track's start.
    var path: [PiecewiseLinearFit.Point] = []
    /// A track no pair of keyframes with an easing reproduces (a reversal's transform whose
    /// ends decompose into other parts, a retarget's spring or additive track): its members at
    /// each frame of the plan, eased linearly, as the sampled document has them.
    var frames: [(offset: Double, members: [(String, Value)])] = []
    /// Whether the path's last two points are a spring's cut: the first of them is written at
    /// offset 0.999999.
    var stepsAtEnd = false

    func with(ends: [[(String, Value)]], tolerance: Double) -> Animation {
      var a = self
      a.ends = ends
      // A track that changes nothing needs no points between its ends.
      a.tolerance = tolerance.isFinite && tolerance > 0 ? min(tolerance, 1) : 1
      return a
    }

    func write(_ w: inout JSONWriter, budget: inout Int, frameRate: Int) {
      w.raw("{\"target\":")
      w.string(target)
      w.raw(",\"property\":")
      w.string(property)
      if let part {
        w.raw(",\"part\":")
        w.string(part)
      }
      w.raw(",\"keyframes\":[")
      if !frames.isEmpty {
        for (i, frame) in frames.enumerated() {
          if i > 0 { w.byte(UInt8(ascii: ",")) }
          w.raw("{\"offset\":")
          w.number(frame.offset)
          for (name, value) in frame.members {
            w.raw(",")
            w.string(name)
            w.byte(UInt8(ascii: ":"))
            Self.write(value, &w)
          }
          w.byte(UInt8(ascii: "}"))
        }
      } else if path.isEmpty {
        for (i, members) in ends.enumerated() {
          if i > 0 { w.byte(UInt8(ascii: ",")) }
          w.byte(UInt8(ascii: "{"))
          for (j, (name, value)) in members.enumerated() {
            if j > 0 { w.byte(UInt8(ascii: ",")) }
            w.string(name)
            w.byte(UInt8(ascii: ":"))
            Self.write(value, &w)
          }
          w.byte(UInt8(ascii: "}"))
        }
      } else {
        writePath(&w)
      }
      w.raw("],\"options\":{\"duration\":")
      w.number(timing.duration * 1000)
      if delay != 0 {
        w.raw(",\"delay\":")
        w.number(delay * 1000)
      }
      w.raw(",\"easing\":\"")
      if path.isEmpty && frames.isEmpty {
        CSSEasing.write(timing, tolerance: tolerance, budget: &budget, frameRate: frameRate, &w)
      } else {
        w.raw("linear")
      }
      w.raw("\",\"fill\":\"both\"}}")
    }

    /// `{"offset":..,"left":..,"top":..}` per point; the ends exact, the points between to a
    /// thousandth of a pixel and offsets to a millionth (a microsecond of a one-second track),
    /// each at most 0.001 px off the curve at 1000 px/s.
    private func writePath(_ w: inout JSONWriter) {
      let duration = timing.duration
      let last = path.count - 1
      for (i, point) in path.enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        let interior = i != 0 && i != last
        w.raw("{\"offset\":")
        if i == 0 || duration <= 0 {
          w.number(0)
        } else if i == last {
          w.number(1)
        } else if stepsAtEnd, i == last - 1 {
          w.raw("0.999999")
        } else {
          // Below the step's 0.999999, so offsets never go back.
          w.number(min(CSSEasing.rounded(point.t / duration, 1e6), 0.999999), decimals: 6)
        }
        w.raw(",\"left\":")
        WaapiExporter.pixels(interior ? CSSEasing.rounded(point.value.0, 1e3) : point.value.0, &w)
        w.raw(",\"top\":")
        WaapiExporter.pixels(interior ? CSSEasing.rounded(point.value.1, 1e3) : point.value.1, &w)
        w.byte(UInt8(ascii: "}"))
      }
    }

    static func write(_ value: Value, _ w: inout JSONWriter) {
      switch value {
      case .pixels(let v): WaapiExporter.pixels(v, &w)
      case .number(let v): w.number(v)
      case .transform(let t): CompactWaapiExporter.transform(t, &w)
      case .shadow(let shadow, let opacity):
        w.byte(UInt8(ascii: "\""))
        WaapiExporter.boxShadow(shadow, opacity: opacity, &w)
        w.byte(UInt8(ascii: "\""))
      }
    }
  }
}
