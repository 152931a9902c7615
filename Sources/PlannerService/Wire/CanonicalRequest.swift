import JSON
import TransitionEngine

/// The canonical JSON text of a validated plan request: fixed key order, only the fields the
/// style reads (its declared inputs, defaults filled in), numbers in docs/API.md's format. Equal requests (whatever their key order, spacing or
/// ignored fields) have equal canonical text, so it keys the response cache and forms the
/// canonical `GET /v1/plans?request=...` URL.
public enum CanonicalRequest {
  public static func json(_ r: PlanRequest) -> [UInt8] {
    var w = JSONWriter(capacity: 256)
    write(r, &w)
    return w.bytes
  }

  static func write(_ r: PlanRequest, _ w: inout JSONWriter) {
    w.raw("{\"style\":")
    w.string(r.style)
    w.raw(",\"operation\":")
    w.string(r.operation.rawValue)
    // Only when asked for: the canonical text (URL, ETag) of every other request stays.
    if r.reduceMotion { w.raw(",\"reduceMotion\":true") }
    if let reversal = r.reversal {
      w.raw(",\"reversal\":{\"at\":")
      w.number(reversal.at)
      if let timing = reversal.timing { writeTiming(timing, &w) }
      w.raw("}")
    }
    if let retarget = r.retarget {
      w.raw(",\"retarget\":{\"at\":")
      w.number(retarget.at)
      if let policy = retarget.policy {
        w.raw(",\"policy\":")
        w.string(policy.rawValue)
      }
      w.raw(",\"from\":")
      write(retarget.from, &w)
      w.raw("}")
    }
    w.raw(",\"container\":")
    w.size(r.scene.container)
    if let style = StyleRegistry.style(named: r.style) {
      StyleInputWire.writeCanonical(style.inputs, r.scene.inputs, &w)
    }
    if r.timing != TimingSpec() { writeTiming(r.timing, &w) }
    w.raw(",\"frameRate\":")
    w.integer(Int64(r.frameRate))
    w.raw("}")
  }

  /// `,"timing":{...}`.
  static func writeTiming(_ timing: TimingSpec, _ w: inout JSONWriter) {
    w.raw(",\"timing\":{")
    var first = true
    if let d = timing.duration {
      w.raw("\"duration\":")
      w.number(d)
      first = false
    }
    if let c = timing.curve {
      if !first { w.raw(",") }
      w.raw("\"curve\":")
      writeCurve(c, &w)
    }
    w.raw("}")
  }

  static func writeCurve(_ c: CurveSpec, _ w: inout JSONWriter) {
    w.raw("{\"type\":")
    w.string(c.typeName)
    func field(_ name: StaticString, _ v: Double?) {
      guard let v else { return }
      w.raw(",")
      w.key(name)
      w.number(v)
    }
    switch c {
    case .linear, .easeIn, .easeOut, .easeInOut, .default, .fastOutSlowIn, .linearOutSlowIn,
      .fastOutLinearIn:
      break
    case .cubicBezier(let x1, let y1, let x2, let y2):
      field("x1", x1)
      field("y1", y1)
      field("x2", x2)
      field("y2", y2)
    case .spring(let ratio, let v):
      field("dampingRatio", ratio)
      field("initialVelocity", v)
    case .springPhysics(let m, let k, let d, let v, let allow):
      field("mass", m)
      field("stiffness", k)
      field("damping", d)
      field("initialVelocity", v)
      if let allow {
        w.raw(",\"allowOverdamping\":")
        w.bool(allow)
      }
    case .springResponse(let r, let ratio, let v):
      field("response", r)
      field("dampingRatio", ratio)
      field("initialVelocity", v)
    case .springBounce(let d, let b, let v):
      field("duration", d)
      field("bounce", b)
      field("initialVelocity", v)
    }
    w.raw("}")
  }
}
