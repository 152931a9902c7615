import TransitionEngine

/// Android's rows of alpha, corner radius, content frame and shadow opacity tracks, and the
/// animators every exact row uses (docs/NATIVE.md 4.4, 5.1).
extension AndroidPlatform {
  /// An analytic entry for a plain track's timing, and its relative velocity (a spring's).
  mutating func analytic(_ timing: Timing, duration: Double? = nil) -> (Int, Double) {
    let d = duration ?? timing.duration
    if let curve = NativeSpring.controlPoints(timing) {
      return (timings.index(of: .pathInterpolator(duration: d, curve: curve)), 0)
    }
    let s = NativeSpring.parameters(timing)!
    let entry = Entry.spring(
      duration: d, dampingRatio: NativeSpring.dampingRatio(timing)!, stiffness: s.stiffness / s.mass
    )
    return (timings.index(of: entry), s.velocity)
  }

  /// A plain row between two values, `velocity` relative (a spring's: `v (to - from)` is its
  /// start velocity), or absolute when `absolute`.
  mutating func analyticRow(
    _ name: String, _ a: Double, _ b: Double, timing: Timing, delay: Double,
    duration: Double? = nil, absoluteVelocity: Double? = nil
  ) -> Row? {
    guard a != b || (absoluteVelocity ?? 0) != 0 else { return nil }
    let (index, v) = analytic(timing, duration: duration)
    var row = Row(
      property: name, timing: index, startDelay: delay, from: .number(a), to: .number(b))
    if case .spring = timings.entries[index] {
      row.startVelocity = absoluteVelocity ?? v * (b - a)
    }
    return row
  }

  /// The geometry rows of a layer: translation and scale (analytic where one track alone moves

  /// The rows of alpha, corner radius, content frame and shadow opacity.
  mutating func propertyRows(
    _ t: NativeTrack, _ layer: Layer, _ reason: inout NativeMeta.Reason?
  ) -> [Row] {
    let property = t.track.change.layerProperty
    let names = Self.names(property)
    let (from, to) = t.track.change.ends
    let a = Self.numbers(from)
    let b = Self.numbers(to)
    switch t.track.motion {
    case .none:
      return names.indices.compactMap { k in
        analyticRow(names[k], a[k], b[k], timing: t.timing, delay: t.start)
      }
    case .spring(let motion):
      return names.indices.compactMap { k in
        analyticRow(
          names[k], a[k], b[k], timing: t.timing, delay: 0, duration: t.end,
          absoluteVelocity: motion.velocity[k])
      }
    case .additive:
      reason = .additive
      let group = NativeSampler.Group(
        schedules: [(t.start, t.end)], length: t.length,
        values: { time, lo, hi in Self.numbers(t.continued(time, lo, hi)) },
        breaks: t.breaks, tolerance: NativeSampler.tolerance(opacity: property.isOpacity))
      let keys = sampler.sample(group, grid: grid)
      if keys.coarse { meta.coarse(layer.id, property.rawValue) }
      let entry = Entry.keyframes(duration: keys.length, fractions: keys.keyTimes)
      var rows: [Row] = []
      for (k, name) in names.enumerated() {
        // Lengths (radius, content frame) rounded to 1e-4 pt as every sampled length is, on
        // both platforms; opacities as computed.
        let values = keys.values.map {
          NativeValue.number(
            property.isOpacity ? $0[k] : NativeDocument.rounded($0[k], decimals: 4))
        }
        guard values.contains(where: { $0 != values[0] }) else { continue }
        rows.append(
          Row(
            property: name, timing: timings.index(of: entry), startDelay: keys.start, values: values
          ))
      }
      return rows
    }
  }

  /// The View properties of a property other than the frame and the transform (docs/NATIVE.md
  /// 4.2), one number each.
  static func names(_ property: LayerProperty) -> [String] {
    switch property {
    case .alpha: ["alpha"]
    case .cornerRadius: ["cornerRadius"]
    case .contentFrame: ["contentX", "contentY", "contentWidth", "contentHeight"]
    default: ["shadowOpacity"]
    }
  }

  static func numbers(_ value: PropertyValue) -> [Double] {
    switch value {
    case .number(let v): [v]
    case .rect(let r): [r.x, r.y, r.width, r.height]
    case .transform(let m): m.values
    }
  }
}
