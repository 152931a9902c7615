import TransitionEngine

/// The representations of a plan (or an interaction plan) the service writes, chosen by the
/// `format` query parameter or the `Accept` header. Every one is a pure function of the plan,
/// so the same request always gives the same bytes.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// docs/API.md's plan JSON (the default).
  case json
  /// Keyframes and options for the Web Animations API, per layer.
  case waapi
  /// `@keyframes` and one class per layer.
  case css
  /// A Lottie (bodymovin) animation of the layers as rectangles.
  case lottie
  /// A filmstrip picture of the container at several moments.
  case svg
  /// Core Animation layers and animations, exact wherever CA has the primitive
  /// (docs/NATIVE.md).
  case coreanimation
  /// Android Views' property animators and springs, exact wherever Android has the primitive
  /// (docs/NATIVE.md).
  case android
  /// A View Transition's names, stylesheets and pseudo-element animations
  /// (docs/VIEWTRANSITIONS.md); plans only.
  case viewtransition

  /// The media type (lowercase `type`, `subtype`) `Accept` is matched against.
  public var mediaType: (type: String, subtype: String) {
    switch self {
    case .json: ("application", "json")
    case .waapi: ("application", "vnd.transition-planner.waapi+json")
    case .css: ("text", "css")
    case .lottie: ("application", "vnd.transition-planner.lottie+json")
    case .svg: ("image", "svg+xml")
    case .coreanimation: ("application", "vnd.transition-planner.coreanimation+json")
    case .android: ("application", "vnd.transition-planner.android+json")
    case .viewtransition: ("application", "vnd.transition-planner.viewtransition+json")
    }
  }

  /// The `Content-Type` of a response in this format.
  public var contentType: String {
    switch self {
    case .json: "application/json"
    case .waapi: "application/vnd.transition-planner.waapi+json"
    case .css: "text/css; charset=utf-8"
    case .lottie: "application/vnd.transition-planner.lottie+json"
    case .svg: "image/svg+xml; charset=utf-8"
    case .coreanimation: "application/vnd.transition-planner.coreanimation+json"
    case .android: "application/vnd.transition-planner.android+json"
    case .viewtransition: "application/vnd.transition-planner.viewtransition+json"
    }
  }

  /// Whether the `moments` query parameter shapes this format.
  public var usesMoments: Bool { self == .svg }

  /// Whether the `keyframes` query parameter shapes this format.
  public var usesKeyframes: Bool { self == .waapi }

  /// Whether this format describes tracks rather than samples: it is written from the plan's
  /// outline, without the keyframes (docs/NATIVE.md 12).
  public var isNative: Bool { self == .coreanimation || self == .android }

  /// Whether `POST /v1/interactions` answers in this format: a view transition captures the
  /// page, which a gesture's timeline cannot drive (docs/VIEWTRANSITIONS.md 9).
  public var servesInteractions: Bool { self != .viewtransition }

  /// `format` values, for messages.
  public static let names = allCases.map(\.rawValue).joined(separator: ", ")

  /// The plan in this format.
  public func render(_ plan: Plan, options: ExportOptions = .init()) -> [UInt8] {
    switch self {
    case .json: PlanEncoder.encode(plan)
    case .waapi:
      options.keyframes == .compact
        ? CompactWaapiExporter.export(plan) : WaapiExporter.export(plan)
    case .css: CSSExporter.export(plan.timeline)
    case .lottie: LottieExporter.export(plan.timeline)
    case .svg: SVGExporter.export(plan.timeline, moments: options.moments)
    case .coreanimation, .android: render(plan.outline) ?? []
    case .viewtransition: ViewTransitionExporter.export(plan)
    }
  }

  /// A plan's outline in a native format (``isNative``); nil for the others, which need the
  /// keyframes.
  public func render(_ outline: PlanOutline) -> [UInt8]? {
    let source = NativeDocument.Source(
      outline: outline, actions: .plan(outline.choreography.actions), timeline: nil, echoes: true)
    return nativePlatform?.document(source)
  }

  /// The interaction plan (of any gesture kind) in this format.
  public func render(_ plan: any GesturePlan, options: ExportOptions = .init()) -> [UInt8] {
    switch self {
    case .json: InteractionEncoder.encode(plan)
    case .waapi: WaapiExporter.export(plan)
    case .css: CSSExporter.export(plan.timeline)
    case .lottie: LottieExporter.export(plan.timeline)
    case .svg: SVGExporter.export(plan.timeline, moments: options.moments)
    case .coreanimation, .android: GestureRegistry.native(plan, self)
    // Refused before planning (``servesInteractions``).
    case .viewtransition: []
    }
  }
}

/// Settings a format may take from the query: `moments` for `svg`, `keyframes` for `waapi`.
public struct ExportOptions: Sendable, Hashable {
  /// How many panels the SVG filmstrip draws.
  public var moments: Int
  /// How the `waapi` document spells its keyframes.
  public var keyframes: WaapiKeyframes

  public static let defaultMoments = 5
  public static let momentsRange = 2...12

  public init(
    moments: Int = ExportOptions.defaultMoments, keyframes: WaapiKeyframes = .sampled
  ) {
    self.moments = moments
    self.keyframes = keyframes
  }
}

/// The `keyframes` query parameter of the `waapi` format (docs/API.md, "Compact keyframes").
public enum WaapiKeyframes: String, CaseIterable, Sendable {
  /// Every layer at every plan sample, eased linearly between them (the default).
  case sampled
  /// Per layer its unchanging values once and one animation per track, eased by the browser
  /// with the track's own curve and delay: exact between samples (plans only).
  case compact

  public static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
