/// Evaluates every layer of a choreography at a progress value. Transform tracks are
/// decomposed once here, not per keyframe.
public struct ChoreographyEvaluator: Sendable {
  public let choreography: Choreography
  private let decomposed: [[Int: (DecomposedTransform, DecomposedTransform)?]]

  public init(_ choreography: Choreography) {
    self.choreography = choreography
    decomposed = choreography.layers.map { layer in
      var byTrack: [Int: (DecomposedTransform, DecomposedTransform)?] = [:]
      for (index, track) in layer.tracks.enumerated() {
        if case .transform(let from, let to) = track {
          if let a = DecomposedTransform(from), let b = DecomposedTransform(to) {
            byTrack[index] = (a, b)
          } else {
            byTrack[index] = .some(nil)
          }
        }
      }
      return byTrack
    }
  }

  /// The state of layer `index` at progress `p` (which may overshoot [0, 1] for springs).
  /// At `p == 1` every track holds its `to` value exactly, at `p == 0` its `from` value.
  public func state(ofLayer index: Int, progress p: Double) -> LayerState {
    let layer = choreography.layers[index]
    var frame = layer.frame
    var alpha = layer.alpha
    var transform = layer.transform
    for (trackIndex, track) in layer.tracks.enumerated() {
      switch track {
      case .frame(let from, let to):
        frame = Rect.interpolate(from, to, p)
      case .alpha(let from, let to):
        alpha = lerp(from, to, p)
      case .transform(let from, let to):
        if p == 0 {
          transform = from
        } else if p == 1 {
          transform = to
        } else if let pair = decomposed[index][trackIndex] ?? nil {
          transform = DecomposedTransform.interpolate(pair.0, pair.1, p).recomposed
        } else {
          // A singular end cannot be decomposed: the value jumps at half way.
          transform = p < 0.5 ? from : to
        }
      }
    }
    // Sizes never go negative; positions keep a spring's overshoot.
    frame.width = max(frame.width, 0)
    frame.height = max(frame.height, 0)
    alpha = min(max(alpha, 0), 1)
    return LayerState(frame: frame, alpha: alpha, transform: transform)
  }

  public func states(progress p: Double) -> [LayerState] {
    choreography.layers.indices.map { state(ofLayer: $0, progress: p) }
  }
}
