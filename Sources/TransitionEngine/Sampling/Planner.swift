/// Turns a plan request into a plan: resolve the timing, choreograph, sample.
public enum Planner {
  public static let defaultMaximumKeyframes = 200_000

  /// The style, its choreography and the resolved timing, without sampling.
  public static func prepare(_ request: PlanRequest) throws(PlanError) -> (
    style: any TransitionStyle, choreography: Choreography, timing: Timing
  ) {
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
    let timing: Timing
    do {
      timing = try Timing.resolve(
        request.timing, defaults: style.defaultTiming(for: request.operation))
    } catch {
      throw PlanError(field: error.field, message: error.message)
    }
    return (style, style.choreography(for: request.scene, operation: request.operation), timing)
  }

  public static func plan(_ request: PlanRequest, maximumKeyframes: Int = defaultMaximumKeyframes)
    throws(PlanError)
    -> Plan
  {
    let (style, choreography, timing) = try prepare(request)
    let count = FrameGrid.count(duration: timing.duration, frameRate: request.frameRate)
    let total = count * choreography.layers.count
    guard total <= maximumKeyframes else {
      throw PlanError(
        field: ["frameRate"],
        message:
          "\(choreography.layers.count) layers x \(count) frames = \(total) keyframes, over the limit of \(maximumKeyframes): lower frameRate or duration"
      )
    }
    let times = FrameGrid.times(duration: timing.duration, frameRate: request.frameRate)
    let evaluator = ChoreographyEvaluator(choreography)
    var progress: [Double] = []
    progress.reserveCapacity(times.count)
    for t in times {
      let p = timing.progress(at: t)
      // Validated inputs keep the curve finite; this guards the wire against a corner the
      // limits missed (JSON has no form for NaN or infinity).
      guard p.isFinite else {
        throw PlanError(
          field: ["timing", "curve"], message: "the curve has no finite value at t = \(t) s")
      }
      progress.append(p)
    }
    // Each state is built in its place in the layer's array rather than appended: a state is
    // 22 doubles, and a copy per keyframe was measurable.
    let keyframes = (0..<choreography.layers.count).map { i in
      [LayerState](unsafeUninitializedCapacity: progress.count) { buffer, initialized in
        for (j, p) in progress.enumerated() {
          (buffer.baseAddress! + j).initialize(to: evaluator.state(ofLayer: i, progress: p))
        }
        initialized = progress.count
      }
    }
    return Plan(
      style: style.name, operation: request.operation, scene: request.scene, timing: timing,
      frameRate: request.frameRate, choreography: choreography, times: times, keyframes: keyframes)
  }
}
