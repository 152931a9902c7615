import JSON
import TransitionEngine

extension CoreAnimationPlatform {
  // MARK: - Sampled rows (docs/NATIVE.md 2.3)

  /// A keyframe row from sampled keys, its values rounded to `decimals` (nil: as computed).
  mutating func keyframeRow(
    _ path: String, _ keys: NativeSampler.Keys, bare: Bool, decimals: Int?, _ t: NativeTrack,
    _ layer: Layer
  ) -> Row? {
    if keys.coarse { meta.coarse(layer.id, t.track.change.layerProperty.rawValue) }
    let values = keys.values.map { v in
      NativeValue(
        decimals.map { d in v.map { NativeDocument.rounded($0, decimals: d) } } ?? v, bare: bare)
    }
    // A row whose written values are all equal is left out.
    guard values.contains(where: { $0 != values[0] }) else { return nil }
    let entry = Entry.keyframe(duration: keys.length, keyTimes: keys.keyTimes)
    return Row(
      keyPath: path, timing: timings.index(of: entry), beginTime: keys.start, values: values)
  }

  mutating func sampledKeys(_ key: PlacedKey, _ group: NativeSampler.Group)
    -> NativeSampler.Keys
  {
    if let done = placed[key] { return done }
    let keys = sampler.sample(group, grid: grid)
    placed[key] = keys
    return keys
  }

  /// An arc's `position` row.
  mutating func sampledPosition(_ t: NativeTrack, _ layer: Layer) -> Row? {
    let anchor = layer.anchor
    let group = NativeSampler.Group(
      schedules: [(t.start, t.end)], length: t.length,
      values: { time, lo, hi in
        let r = t.continuedRect(time, lo, hi)
        return [r.x + anchor.x * r.width, r.y + anchor.y * r.height]
      },
      rectPoint: NativeRectPoint(t, .anchor(anchor)))
    let keys = sampledKeys(PlacedKey(row: "position", track: t.track, anchor: anchor), group)
    return keyframeRow("position", keys, bare: false, decimals: 4, t, layer)
  }

  /// A `transform` row of matrices, measured at the layer's corners (its frame exact).
  mutating func sampledTransform(_ t: NativeTrack, _ layer: Layer) -> [Row] {
    let frameTrack = layer.track(for: .frame).map { NativeTrack($0, planTiming: planTiming) }
    let held = layer.frame
    let anchor = layer.anchor
    let frame = { (time: Double) in frameTrack?.exact(time).rectValue ?? held }
    let group = NativeSampler.Group(
      schedules: [(t.start, t.end)], length: t.length,
      values: { time, lo, hi in t.continued(time, lo, hi).transformValue.values },
      measure: { a, b, time in
        let f = frame(time)
        return NativeDeviation.corners(
          LayerGeometry(frame: f, anchor: anchor, transform: Transform3D(a)),
          LayerGeometry(frame: f, anchor: anchor, transform: Transform3D(b)))
      },
      decompositionBlend: true, breaks: t.breaks)
    let keys = sampledKeys(
      PlacedKey(row: "transform", track: t.track, anchor: anchor, layer: layer.id), group)
    return keyframeRow("transform", keys, bare: false, decimals: nil, t, layer).map { [$0] } ?? []
  }

  /// One one-number key path of a retarget spring, sampled over its span.
  mutating func sampledComponent(_ t: NativeTrack, _ layer: Layer, _ path: String) -> Row? {
    let property = t.track.change.layerProperty
    let anchor = layer.anchor
    let index = Self.componentPaths(t.track.change.ends.to, property, anchor: anchor)
      .firstIndex { $0.0 == path }!
    let group = NativeSampler.Group(
      schedules: [(t.start, t.end)], length: t.length,
      values: { time, lo, hi in
        [Self.componentPaths(t.continued(time, lo, hi), property, anchor: anchor)[index].1]
      },
      breaks: t.breaks, tolerance: NativeSampler.tolerance(opacity: property.isOpacity))
    let keys = sampledKeys(PlacedKey(row: path, track: t.track, anchor: anchor), group)
    let lengths = property == .frame || property == .contentFrame || property == .cornerRadius
    return keyframeRow(path, keys, bare: true, decimals: lengths ? 4 : nil, t, layer)
  }

  /// A whole retarget track sampled (an additive track CA cannot add up): its key paths as
  /// keyframe rows of one group.
  mutating func sampledWhole(_ t: NativeTrack, _ layer: Layer) -> [Row] {
    let property = t.track.change.layerProperty
    let anchor = layer.anchor
    let paths = Self.keyPaths(t.track.change.ends.to, property, anchor: anchor)
    let group = NativeSampler.Group(
      schedules: [(t.start, t.end)], length: t.length,
      values: { time, lo, hi in
        Self.keyPaths(t.continued(time, lo, hi), property, anchor: anchor).flatMap { $0.1 }
      },
      measure: { a, b, _ in
        switch property {
        case .frame: NativeDeviation.box(a, b, anchor: anchor)
        case .contentFrame: NativeDeviation.box(a, b, anchor: Point(x: 0, y: 0))
        default: NativeDeviation.largest(a, b)
        }
      },
      breaks: t.breaks, tolerance: NativeSampler.tolerance(opacity: property.isOpacity))
    let keys = sampledKeys(PlacedKey(row: "whole", track: t.track, anchor: anchor), group)
    var rows: [Row] = []
    var offset = 0
    let lengths = property == .frame || property == .contentFrame || property == .cornerRadius
    for (path, numbers, bare) in paths {
      var part = keys
      part.values = keys.values.map { Array($0[offset..<(offset + numbers.count)]) }
      offset += numbers.count
      if let row = keyframeRow(path, part, bare: bare, decimals: lengths ? 4 : nil, t, layer) {
        rows.append(row)
      }
    }
    return rows
  }

}
