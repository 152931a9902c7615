/// The constants of `dragDismiss` (docs/GESTURES.md 5.7): an approximation of iOS 18's zoom
/// dismissal from the community zoom-dismiss model and SwiftUI's interactive springs, which no
/// device has confirmed.
public struct DragDismissParameters: Sendable, Hashable {
  /// How much the element shrinks at full progress: sigma = 1 - maxShrink p.
  public var maxShrink = 0.5
  /// The completion spring's response (s) and damping ratio: k = (2 pi / response)^2.
  public var response = 0.35
  public var dampingRatio = 0.85

  public init() {}

  public func value(of parameter: DragDismissParameter) -> Double {
    switch parameter {
    case .maxShrink: maxShrink
    case .response: response
    case .dampingRatio: dampingRatio
    }
  }

  public mutating func set(_ parameter: DragDismissParameter, _ value: Double) {
    switch parameter {
    case .maxShrink: maxShrink = value
    case .response: response = value
    case .dampingRatio: dampingRatio = value
    }
  }
}

/// The names of ``DragDismissParameters``, in the order they are checked and echoed.
public enum DragDismissParameter: String, Sendable, Hashable, CaseIterable {
  case maxShrink, response, dampingRatio

  public var range: ParameterRange {
    switch self {
    case .maxShrink: .rightOpen(0, 1)
    case .response: .leftOpen(0, 10)
    case .dampingRatio: .leftOpen(0, 2)
    }
  }
}

/// A drag to dismiss over the pop or dismiss of a style that shares elements (docs/GESTURES.md
/// 5): pan samples, the element that follows the finger, and where it was grabbed.
public struct DragDismissGesture: Sendable, Hashable {
  /// The id of one of the style's shared elements; nil: the first of a style whose ids are
  /// fixed (``SharedElementNaming``).
  public var element: String?
  /// The point the element scales about, in container points; nil: its centre at the start.
  public var anchor: Point?
  /// The progress denominator in points; nil: the container's height / 2.
  public var distance: Double?
  public var parameters: DragDismissParameters
  /// Translations since the gesture began (`x`, `y`), as a pan's.
  public var samples: [GestureSample]

  public init(
    element: String? = nil, anchor: Point? = nil, distance: Double? = nil,
    parameters: DragDismissParameters = DragDismissParameters(), samples: [GestureSample]
  ) {
    self.element = element
    self.anchor = anchor
    self.distance = distance
    self.parameters = parameters
    self.samples = samples
  }

  /// The denominator for a container.
  public func resolvedDistance(container: Size) -> Double {
    distance ?? container.height / 2
  }
}

/// A `dragDismiss` interaction: the plan, the drag, and how the rest of the plan completes
/// (a pan's release policy and completion).
public struct DragDismissRequest: GestureRequest, Hashable {
  public typealias Kind = DragDismissPlanner

  public var transition: PlanRequest
  public var gesture: DragDismissGesture
  public var release: ReleasePolicy
  /// Values <= 0 mean 1.
  public var completionSpeed: Double
  public var completionCurve: CompletionCurve

  public init(
    transition: PlanRequest, gesture: DragDismissGesture, release: ReleasePolicy = .threshold(),
    completionSpeed: Double = 1, completionCurve: CompletionCurve = .default
  ) {
    self.transition = transition
    self.gesture = gesture
    self.release = release
    self.completionSpeed = completionSpeed
    self.completionCurve = completionCurve
  }

  public var effectiveCompletionSpeed: Double { completionSpeed > 0 ? completionSpeed : 1 }
}
