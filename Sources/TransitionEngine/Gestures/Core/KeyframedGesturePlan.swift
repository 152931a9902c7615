/// The plan of a kind that keyframes its own layers (`back`, `dragDismiss`): its timeline is
/// those keyframes with the plan's actions. (The pan's is its transition's, resampled.)
public protocol KeyframedGesturePlan: GesturePlan {
  /// The plan's layers, and what the kind adds, keyframed over the gesture's timeline.
  var layers: GestureLayers { get }
  /// The plan's actions as export formats apply them.
  var planActions: Actions { get }
}

extension KeyframedGesturePlan {
  public var timeline: Timeline { core.timeline(layers, actions: planActions) }
}
