import JSON
import TransitionEngine

/// The request limits of docs/API.md; each can be changed (flags and environment of `serve`).
public struct PlannerLimits: Sendable, Hashable {
  public var maximumDuration = 60.0
  public var frameRates = 1...240
  public var maximumContainerSide = 100_000.0
  /// Positions and sizes of rects: far beyond any screen, small enough that a spring's
  /// overshoot can never reach infinity.
  public var maximumCoordinate = 10_000_000.0
  public var maximumKeyframes = Planner.defaultMaximumKeyframes
  /// Keyframes of one interaction (checked before sampling): a 477-byte recording could ask for
  /// a 36 MB answer under the plans' limit.
  public var maximumInteractionKeyframes = 50_000
  /// Bytes of one answer in its format (422 past it, at the frame rate): what one request can
  /// make the server hold and send.
  public var maximumResponseBytes = 8 << 20
  public var maximumDepth = JSONParser.defaultMaximumDepth
  /// Gesture streams of `POST /v1/interactions`.
  public var maximumGestureSamples = GestureStreamChecker.defaultMaximumSamples
  public var maximumGestureSpan = GestureStreamChecker.defaultMaximumSpan

  public init() {}
}
