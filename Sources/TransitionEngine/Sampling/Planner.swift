/// Turns a plan request into a plan: resolve the timing, choreograph, sample.
public enum Planner {
  public static let defaultMaximumKeyframes = 200_000

  /// What a request plans before sampling: the style, the choreography and its resolved
  /// timing (reduced motion's dissolve, or a reversal, in place of the style's own when the
  /// request asks), and the reversal's echo.
  public struct Prepared: Sendable {
    public var style: any TransitionStyle
    public var choreography: Choreography
    public var timing: Timing
    public var reversal: ReversalEcho?
  }

  /// The style, its choreography and the resolved timing, without sampling.
  public static func prepare(_ request: PlanRequest) throws(PlanError) -> Prepared {
    guard let style = StyleRegistry.style(named: request.style) else {
      throw PlanError(
        field: ["style"], message: "must be one of \(StyleRegistry.names.joined(separator: ", "))")
    }
    guard style.operations.contains(request.operation) else {
      throw PlanError(
        field: ["operation"],
        message:
          "must be one of \(style.operations.map(\.rawValue).joined(separator: ", ")) for style \(style.name)"
      )
    }
    let (styleChoreography, defaults) = style.staging(
      for: request.scene, operation: request.operation)
    var timing = try resolve(request.timing, defaults)
    // The style's own checks run also under reduced motion: the request is validated as
    // without it (docs/STYLES.md "Reduced motion").
    if let problem = style.check(styleChoreography, timing: timing) { throw problem }
    var choreography = styleChoreography
    if request.reduceMotion {
      choreography = ReducedMotion.choreography(
        container: request.scene.container, operation: request.operation)
      timing = try resolve(request.timing, ReducedMotion.timing)
    }
    var echo: ReversalEcho? = nil
    if let reversal = request.reversal {
      (choreography, timing, echo) = try Reversal.reverse(
        choreography, timing: timing, forwardSpec: request.timing, spec: reversal)
    }
    return Prepared(style: style, choreography: choreography, timing: timing, reversal: echo)
  }

  private static func resolve(_ spec: TimingSpec, _ defaults: StyleTiming) throws(PlanError)
    -> Timing
  {
    do {
      return try Timing.resolve(spec, defaults: defaults)
    } catch {
      throw PlanError(field: error.field, message: error.message)
    }
  }

  public static func plan(_ request: PlanRequest, maximumKeyframes: Int = defaultMaximumKeyframes)
    throws(PlanError)
    -> Plan
  {
    let prepared = try prepare(request)
    let (style, choreography, timing) = (prepared.style, prepared.choreography, prepared.timing)
    let duration = choreography.duration(with: timing)
    let count = FrameGrid.count(duration: duration, frameRate: request.frameRate)
    let total = count * choreography.layers.count
    guard total <= maximumKeyframes else {
      throw PlanError(
        field: ["frameRate"],
        message:
          "\(choreography.layers.count) layers x \(count) frames = \(total) keyframes, over the limit of \(maximumKeyframes): lower frameRate or duration"
      )
    }
    let times = FrameGrid.times(duration: duration, frameRate: request.frameRate)
    let evaluator = ChoreographyEvaluator(choreography)
    // The progress of each distinct track clock (a delay, and an own timing after a
    // reversal) at each time: one row without delays.
    var rows: [[Double]] = []
    for clock in evaluator.delays.indices {
      // The clock's timing and delay read once per row, not per sample.
      let clockTiming = evaluator.timings[clock] ?? timing
      let delay = evaluator.delays[clock]
      var row: [Double] = []
      row.reserveCapacity(times.count)
      for t in times {
        let p = clockTiming.progress(at: t - delay)
        // Validated inputs keep the curve finite; this guards the wire against a corner the
        // limits missed (JSON has no form for NaN or infinity).
        guard p.isFinite else {
          // A reversal's curves are its own: the field its timing came from.
          let field =
            request.reversal.map {
              $0.timing?.curve != nil ? ["reversal", "timing", "curve"] : ["reversal", "at"]
            } ?? ["timing", "curve"]
          throw PlanError(field: field, message: "the curve has no finite value at t = \(t) s")
        }
        row.append(p)
      }
      rows.append(row)
    }
    // Each state is built in its place in the layer's array rather than appended: a state is
    // 28 doubles, and a copy per keyframe was measurable.
    let keyframes = (0..<choreography.layers.count).map { i -> [LayerState] in
      // With delays (shared elements), each track reads its delay's row.
      guard rows.count == 1 else {
        return times.indices.map { j in evaluator.state(ofLayer: i) { rows[$0][j] } }
      }
      // Without (the seeds' styles), one progress serves every track, and each state is built
      // in its place in the layer's array rather than appended: a state is 22 doubles, and a
      // copy per keyframe was measurable.
      return [LayerState](unsafeUninitializedCapacity: times.count) { buffer, initialized in
        for (j, p) in rows[0].enumerated() {
          (buffer.baseAddress! + j).initialize(to: evaluator.state(ofLayer: i, progress: p))
        }
        initialized = times.count
      }
    }
    var details: [[LayerDetail]] = []
    if choreography.layers.contains(where: \.hasDetail) {
      details = choreography.layers.enumerated().map { i, layer -> [LayerDetail] in
        guard layer.hasDetail else { return [] }
        return times.indices.map { j in evaluator.detail(ofLayer: i) { rows[$0][j] } }
      }
    }
    return Plan(
      style: style.name, operation: request.operation, scene: request.scene, timing: timing,
      frameRate: request.frameRate, choreography: choreography, times: times, keyframes: keyframes,
      details: details, reduceMotion: request.reduceMotion, reversal: prepared.reversal,
      request: request)
  }
}
