/// Evaluates every layer of a choreography at a progress value.
///
/// Sampling asks for every layer at every frame, so the layers are reduced once, here, to what
/// that needs: each layer's base values and the last track of each property (a later track of
/// a property replaces an earlier one, as it would when the tracks are applied in order), with
/// transform tracks decomposed once rather than per keyframe. Reading a `Layer` per sample
/// copied its tracks (an enum sized for two 4x4 matrices) and retained its strings and arrays.
public struct ChoreographyEvaluator: Sendable {
  public let choreography: Choreography
  private let bases: [LayerState]
  private let frameTracks: [(from: Rect, to: Rect)?]
  private let alphaTracks: [(from: Double, to: Double)?]
  /// For each layer, its transform track's index in `transformTracks`, or -1: an optional of
  /// the track itself (two matrices and their decompositions) was copied whole on every read.
  private let transformTrackIndex: [Int]
  private let transformTracks: [TransformTrack]

  private struct TransformTrack: Sendable {
    var from: Transform3D
    var to: Transform3D
    /// Nil when an end is singular and cannot be decomposed.
    var decomposed: (DecomposedTransform, DecomposedTransform)?
  }

  public init(_ choreography: Choreography) {
    self.choreography = choreography
    var bases: [LayerState] = []
    var frameTracks: [(from: Rect, to: Rect)?] = []
    var alphaTracks: [(from: Double, to: Double)?] = []
    var transformTrackIndex: [Int] = []
    var transformTracks: [TransformTrack] = []
    for layer in choreography.layers {
      bases.append(LayerState(frame: layer.frame, alpha: layer.alpha, transform: layer.transform))
      var frame: (from: Rect, to: Rect)? = nil
      var alpha: (from: Double, to: Double)? = nil
      var transform: TransformTrack? = nil
      for track in layer.tracks {
        switch track {
        case .frame(let from, let to): frame = (from, to)
        case .alpha(let from, let to): alpha = (from, to)
        case .transform(let from, let to):
          var pair: (DecomposedTransform, DecomposedTransform)? = nil
          if let a = DecomposedTransform(from), let b = DecomposedTransform(to) { pair = (a, b) }
          transform = TransformTrack(from: from, to: to, decomposed: pair)
        }
      }
      frameTracks.append(frame)
      alphaTracks.append(alpha)
      if let transform {
        transformTrackIndex.append(transformTracks.count)
        transformTracks.append(transform)
      } else {
        transformTrackIndex.append(-1)
      }
    }
    self.bases = bases
    self.frameTracks = frameTracks
    self.alphaTracks = alphaTracks
    self.transformTrackIndex = transformTrackIndex
    self.transformTracks = transformTracks
  }

  /// The state of layer `index` at progress `p` (which may overshoot [0, 1] for springs).
  /// At `p == 1` every track holds its `to` value exactly, at `p == 0` its `from` value.
  @inline(__always)
  public func state(ofLayer index: Int, progress p: Double) -> LayerState {
    var state = bases[index]
    if let track = frameTracks[index] {
      state.frame = Rect.interpolate(track.from, track.to, p)
    }
    if let track = alphaTracks[index] {
      state.alpha = lerp(track.from, track.to, p)
    }
    let k = transformTrackIndex[index]
    if k >= 0 {
      if p == 0 {
        state.transform = transformTracks[k].from
      } else if p == 1 {
        state.transform = transformTracks[k].to
      } else if let pair = transformTracks[k].decomposed {
        state.transform = DecomposedTransform.interpolate(pair.0, pair.1, p).recomposed
      } else {
        // A singular end cannot be decomposed: the value jumps at half way.
        state.transform = p < 0.5 ? transformTracks[k].from : transformTracks[k].to
      }
    }
    // Sizes never go negative; positions keep a spring's overshoot.
    state.frame.width = max(state.frame.width, 0)
    state.frame.height = max(state.frame.height, 0)
    state.alpha = min(max(state.alpha, 0), 1)
    return state
  }

  public func states(progress p: Double) -> [LayerState] {
    choreography.layers.indices.map { state(ofLayer: $0, progress: p) }
  }
}
