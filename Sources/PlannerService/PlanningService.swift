import JSON
import TransitionEngine

/// The request pipeline shared by the HTTP routes and the command line: bytes in, plan bytes
/// or a problem out. Parse (400), validate every field (422), plan (engine), encode.
public struct PlanningService: Sendable {
  public var limits: PlannerLimits

  public init(limits: PlannerLimits = .init()) {
    self.limits = limits
  }

  /// Parses and validates a plan request body: one pass over the bytes into a tape, then the
  /// style's declarations read off it (no tree: docs/PERFORMANCE.md, issue 36).
  public func decodePlanRequest(_ body: [UInt8]) -> Result<PlanRequest, Problem> {
    let tape: JSONTape
    do {
      tape = try JSONTape.parse(body, maximumDepth: limits.maximumDepth)
    } catch {
      return .failure(.malformedJSON(error))
    }
    return decodePlanRequest(tape.root)
  }

  /// Validates a plan request already parsed (a tape's root, or a tree: the fuzz target
  /// compares the two).
  public func decodePlanRequest<Node: JSONNode>(_ root: Node) -> Result<PlanRequest, Problem> {
    switch PlanRequestDecoder(limits: limits).decode(root) {
    case .success(let request): return .success(request)
    case .failure(let invalid): return .failure(.invalidFields(invalid.errors))
    }
  }

  /// Plans a validated request; engine-level refusals (a spring that never settles, too many
  /// keyframes) are 422s at the field they concern.
  public func plan(_ request: PlanRequest) -> Result<Plan, Problem> {
    do {
      return .success(try Planner.plan(request, maximumKeyframes: limits.maximumKeyframes))
    } catch {
      return .failure(
        .invalidFields([FieldError(JSONPointer(segments: error.field), error.message)]))
    }
  }

  /// A validated request's plan without its keyframes (the native formats'); the same
  /// refusals as ``plan(_:)``.
  public func outline(_ request: PlanRequest) -> Result<PlanOutline, Problem> {
    do {
      return .success(try Planner.outline(request, maximumKeyframes: limits.maximumKeyframes))
    } catch {
      return .failure(
        .invalidFields([FieldError(JSONPointer(segments: error.field), error.message)]))
    }
  }

  /// A validated request planned and rendered in a format: the bytes `POST /v1/plans` sends
  /// (the HTTP route keeps them in its response cache, the command line prints them).
  public func render(
    _ request: PlanRequest, format: ExportFormat = .json, options: ExportOptions = .init()
  ) -> Result<[UInt8], Problem> {
    if format.isNative {
      // Tracks, not samples: the outline is validated and refused exactly as the plan is, but
      // nothing is sampled (docs/NATIVE.md 12).
      return outline(request).flatMap { outline in
        bounded(format.render(outline) ?? [], format, at: ["frameRate"])
      }
    }
    return plan(request).flatMap { plan in
      if format == .viewtransition, request.retarget != nil {
        // Alone, once the request is otherwise valid (docs/VIEWTRANSITIONS.md 1).
        return .failure(
          .invalidFields([
            FieldError(
              JSONPointer(segments: ["retarget"]),
              "cannot be played as a view transition: it captures the page, not a transition in flight; ask for waapi (player.js retarget())"
            )
          ]))
      }
      guard format == .waapi, options.keyframes == .compact else {
        return bounded(format.render(plan, options: options), format, at: ["frameRate"])
      }
      // The compact document does not grow with the frame rate but with its springs' points:
      // it stops as soon as it is over the limit.
      guard
        let bytes = CompactWaapiExporter.export(plan, maximumBytes: limits.maximumResponseBytes)
      else {
        return .failure(
          .invalidFields([
            FieldError(
              JSONPointer(segments: ["timing"]),
              "the compact waapi answer would be over the limit of \(limits.maximumResponseBytes) bytes: its springs need too many points (give more damping or a shorter duration), or ask for keyframes=sampled"
            )
          ]))
      }
      return .success(bytes)
    }
  }

  /// `bytes` unless they are over ``PlannerLimits/maximumResponseBytes``: then a 422 at the
  /// field that sets how many keyframes there are.
  func bounded(_ bytes: [UInt8], _ format: ExportFormat, at field: [String])
    -> Result<[UInt8], Problem>
  {
    guard bytes.count > limits.maximumResponseBytes else { return .success(bytes) }
    return .failure(
      .invalidFields([
        FieldError(
          JSONPointer(segments: field),
          "the \(format.rawValue) answer would be \(bytes.count) bytes, over the limit of \(limits.maximumResponseBytes): lower frameRate or duration"
        )
      ]))
  }

  /// The pipeline, bytes to bytes: decode, plan, render (the command line's `plan`; the HTTP
  /// route keeps the steps apart for its cache).
  public func planBody(
    _ body: [UInt8], format: ExportFormat = .json, options: ExportOptions = .init()
  ) -> Result<[UInt8], Problem> {
    decodePlanRequest(body).flatMap { render($0, format: format, options: options) }
  }

  // MARK: - Interactions (POST /v1/interactions)

  /// Parses and validates an interaction request body: a tape, as for plans (its
  /// `transition` is a plan request; the kinds' members are read off the same tape).
  public func decodeInteractionRequest(_ body: [UInt8]) -> Result<any GestureRequest, Problem> {
    let tape: JSONTape
    do {
      tape = try JSONTape.parse(body, maximumDepth: limits.maximumDepth)
    } catch {
      return .failure(.malformedJSON(error))
    }
    return decodeInteractionRequest(tape.root)
  }

  /// Validates an interaction request already parsed (a tape's root, or a tree: the fuzz
  /// target compares the two).
  public func decodeInteractionRequest<Node: JSONNode>(_ root: Node)
    -> Result<any GestureRequest, Problem>
  {
    switch InteractionRequestDecoder(limits: limits).decode(root) {
    case .success(let request): return .success(request)
    case .failure(let invalid): return .failure(.invalidFields(invalid.errors))
    }
  }

  /// Plans a validated interaction; engine refusals are 422s at the field they concern.
  public func interact(_ request: any GestureRequest) -> Result<any GesturePlan, Problem> {
    do {
      return .success(
        try GesturePlanner.plan(
          request,
          limits: GestureLimits(
            maximumKeyframes: limits.maximumInteractionKeyframes,
            maximumSamples: limits.maximumGestureSamples, maximumSpan: limits.maximumGestureSpan)))
    } catch {
      return .failure(
        .invalidFields([FieldError(JSONPointer(segments: error.field), error.message)]))
    }
  }

  /// A validated interaction planned and rendered in a format. Interactions are one-off
  /// recordings: never cached. A plans-only format is refused before planning.
  public func render(
    _ request: any GestureRequest, format: ExportFormat = .json, options: ExportOptions = .init()
  ) -> Result<[UInt8], Problem> {
    guard format.servesInteractions else {
      return .failure(Problem(.invalidParameter, detail: Self.plansOnly(format)))
    }
    return interact(request).flatMap { plan in
      bounded(format.render(plan, options: options), format, at: ["transition", "frameRate"])
    }
  }

  /// The 400's detail for a plans-only format asked of `/v1/interactions`.
  public static func plansOnly(_ format: ExportFormat) -> String {
    "format \(format.rawValue) is for plans, not interactions"
  }

  /// The pipeline, bytes to bytes: decode, plan, render (the command line's `interact`; the
  /// HTTP route keeps the decoded request, whose style and operation it counts).
  public func interactionBody(
    _ body: [UInt8], format: ExportFormat = .json, options: ExportOptions = .init()
  ) -> Result<[UInt8], Problem> {
    // The format is judged before the body, as the route judges it before reading one.
    guard format.servesInteractions else {
      return .failure(Problem(.invalidParameter, detail: Self.plansOnly(format)))
    }
    return decodeInteractionRequest(body).flatMap {
      render($0, format: format, options: options)
    }
  }
}
