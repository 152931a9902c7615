/// The animatable properties of a layer, in the order a layer lists its tracks (docs/API.md).
public enum LayerProperty: String, Sendable, Hashable, CaseIterable {
  case frame, alpha, transform, cornerRadius, contentFrame, shadowOpacity

  /// The property's place in ``allCases``.
  var order: Int {
    switch self {
    case .frame: 0
    case .alpha: 1
    case .transform: 2
    case .cornerRadius: 3
    case .contentFrame: 4
    case .shadowOpacity: 5
    }
  }

  /// The settling threshold of each component of the property's vector form
  /// (docs/TIMING.md 14): 0.1 pt for positions and sizes (a transform's translate parts
  /// included), 0.001 for opacities, 1e-4 for the other transform parts.
  var settleThresholds: [Double] {
    switch self {
    case .frame, .contentFrame: [0.1, 0.1, 0.1, 0.1]
    case .cornerRadius: [0.1]
    case .alpha, .shadowOpacity: [0.001]
    case .transform:
      (0..<TransformParts.count).map { TransformParts.translateRange.contains($0) ? 0.1 : 1e-4 }
    }
  }

  /// The change of this property between two values of its kind.
  func change(from: PropertyValue, to: PropertyValue) -> TrackChange {
    switch (self, from, to) {
    case (.frame, .rect(let a), .rect(let b)): .frame(from: a, to: b)
    case (.contentFrame, .rect(let a), .rect(let b)): .contentFrame(from: a, to: b)
    case (.alpha, .number(let a), .number(let b)): .alpha(from: a, to: b)
    case (.cornerRadius, .number(let a), .number(let b)): .cornerRadius(from: a, to: b)
    case (.shadowOpacity, .number(let a), .number(let b)): .shadowOpacity(from: a, to: b)
    case (.transform, .transform(let a), .transform(let b)): .transform(from: a, to: b)
    default: preconditionFailure("a \(rawValue) track between values of another kind")
    }
  }
}

extension TrackChange {
  public var layerProperty: LayerProperty {
    switch self {
    case .frame: .frame
    case .alpha: .alpha
    case .transform: .transform
    case .cornerRadius: .cornerRadius
    case .contentFrame: .contentFrame
    case .shadowOpacity: .shadowOpacity
    }
  }
}

extension Layer {
  /// The track that decides `property` (the last of its tracks, as the evaluator applies
  /// them), or nil when the layer holds it.
  public func track(for property: LayerProperty) -> Track? {
    tracks.last { $0.change.layerProperty == property }
  }

  /// The value the layer holds for `property` without a track (its base value); nil for a
  /// content frame the layer does not have.
  public func heldValue(_ property: LayerProperty) -> PropertyValue? {
    switch property {
    case .frame: .rect(frame)
    case .alpha: .number(alpha)
    case .transform: .transform(transform)
    case .cornerRadius: .number(cornerRadius)
    case .contentFrame: contentFrame.map { .rect($0) }
    case .shadowOpacity: .number(shadowOpacity)
    }
  }

  /// Sets the value the layer holds for `property` (a content frame only on a layer that has
  /// one).
  mutating func hold(_ property: LayerProperty, _ value: PropertyValue) {
    switch (property, value) {
    case (.frame, .rect(let r)): frame = r
    case (.alpha, .number(let v)): alpha = v
    case (.transform, .transform(let m)): transform = m
    case (.cornerRadius, .number(let v)): cornerRadius = v
    case (.contentFrame, .rect(let r)): contentFrame = r
    case (.shadowOpacity, .number(let v)): shadowOpacity = v
    default: preconditionFailure("a \(property.rawValue) value of another kind")
    }
  }

  /// Where `property` ends: its track's `to`, else the held value.
  public func endValue(_ property: LayerProperty) -> PropertyValue? {
    track(for: property)?.change.ends.to ?? heldValue(property)
  }

  /// `property`'s value and velocity at plan time `t` of a plan timed by `timing` (unclamped).
  public func state(
    of property: LayerProperty, at t: Double, planTiming timing: Timing
  ) -> PropertyState? {
    if let track = track(for: property) {
      return TrackKinematics(track, planTiming: timing).state(at: t)
    }
    return heldValue(property).map { PropertyState(held: $0) }
  }
}
