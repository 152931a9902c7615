/// Turns a plan request into a plan: resolve the timing, choreograph, sample.
public enum Planner {
  public static let defaultMaximumKeyframes = 200_000

  /// What a request plans before sampling: the style, the choreography and its resolved
  /// timing (reduced motion's dissolve, a reversal or a retarget in place of the style's own
  /// when the request asks), and their echoes.
  public struct Prepared: Sendable {
    public var style: any TransitionStyle
    public var choreography: Choreography
    public var timing: Timing
    public var reversal: ReversalEcho?
    public var retarget: RetargetEcho?
    /// What the plan keeps hidden while it runs (the `hidden: true` targets of its start, of
    /// its forward plan's for a reversal, of its new plan's for a retarget): a retarget shows
    /// again what the plan it replaces hid and the new one does not.
    public var hidden: [ActionTarget]
    /// The plan's duration when preparing it found it already (a retarget checks it against
    /// the 60 s limit).
    var duration: Double? = nil
  }

  /// The style, its choreography and the resolved timing, without sampling.
  public static func prepare(_ request: PlanRequest) throws(PlanError) -> Prepared {
    guard let retarget = request.retarget else { return try prepareOwn(request) }
    return try prepare(request, retargeting: retarget)
  }

  /// A request without a retarget.
  private static func prepareOwn(_ request: PlanRequest) throws(PlanError) -> Prepared {
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
    let hidden = choreography.actions.start.compactMap {
      $0.change == .hidden(true) ? $0.target : nil
    }
    var echo: ReversalEcho? = nil
    if let reversal = request.reversal {
      (choreography, timing, echo) = try Reversal.reverse(
        choreography, timing: timing, forwardSpec: request.timing, spec: reversal)
    }
    return Prepared(
      style: style, choreography: choreography, timing: timing, reversal: echo, retarget: nil,
      hidden: hidden)
  }

  /// A retarget (docs/TIMING.md 14): the new request's plan and the in-flight one, judged
  /// together so that a 422 lists every problem in the documented order.
  private static func prepare(_ request: PlanRequest, retargeting spec: RetargetSpec)
    throws(PlanError) -> Prepared
  {
    var problems: [PlanError] = []
    var own = request
    own.retarget = nil
    var new: Prepared? = nil
    do { new = try prepareOwn(own) } catch { problems += error.all }
    var inFlight: Prepared? = nil
    do {
      inFlight = try prepare(spec.from)
    } catch {
      problems += error.nested(under: ["retarget", "from"]).all
    }
    var policy = spec.policy
    if let new {
      let springs = SpringParameters(new.timing) != nil
      if spec.policy == .spring, !springs, !request.reduceMotion {
        problems.append(
          PlanError(field: ["retarget", "policy"], message: "spring needs a spring timing"))
      }
      policy = policy ?? (springs ? .spring : .additive)
    }
    var fromDuration = 0.0
    if let inFlight {
      fromDuration = inFlight.choreography.duration(with: inFlight.timing)
      // A player that sends back `ms / 1000` may land a few ulps past the end: up to the fourth
      // double above it counts as the end.
      var allowance = fromDuration
      for _ in 0..<4 { allowance = allowance.nextUp }
      if !(spec.at > 0 && spec.at <= allowance) {
        problems.append(
          PlanError(
            field: ["retarget", "at"],
            message:
              "must be > 0 and <= the in-flight plan's duration, \(PlanNumberText.of(fromDuration)) s"
          ))
      }
    }
    if let problem = PlanError(problems) { throw problem }
    // Every leg that failed left a problem.
    guard let new, let inFlight, let policy else {
      preconditionFailure("a retarget leg is missing")
    }
    var choreography = Retargeting(
      inFlight: inFlight.choreography, inFlightTiming: inFlight.timing,
      tau: min(spec.at, fromDuration), new: new.choreography, newTiming: new.timing,
      policy: request.reduceMotion ? nil : policy
    ).choreography()
    let duration = choreography.duration(with: new.timing)
    guard duration <= Timing.maximumDuration else {
      throw PlanError(
        field: ["retarget"],
        message:
          "would last \(PlanNumberText.of(duration)) s, over the \(Int(Timing.maximumDuration)) s limit"
      )
    }
    // Show what the plan in flight hid and the new one does not; hide what only the new hides.
    // Mostly both hide the same (a hero plan: every element of both screens).
    if inFlight.hidden != new.hidden {
      let (before, after) = (Set(inFlight.hidden), Set(new.hidden))
      choreography.actions.start =
        inFlight.hidden.filter { !after.contains($0) }.map { Action($0, .hidden(false)) }
        + new.hidden.filter { !before.contains($0) }.map { Action($0, .hidden(true)) }
    }
    return Prepared(
      style: new.style, choreography: choreography, timing: new.timing, reversal: new.reversal,
      retarget: RetargetEcho(
        at: spec.at, policy: request.reduceMotion ? "dissolve" : policy.rawValue,
        fromDuration: fromDuration),
      hidden: new.hidden, duration: duration)
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
    let duration = prepared.duration ?? choreography.duration(with: timing)
    try checkKeyframes(
      layers: choreography.layers.count, duration: duration, frameRate: request.frameRate,
      maximum: maximumKeyframes)
    let times = FrameGrid.times(duration: duration, frameRate: request.frameRate)
    let evaluator = ChoreographyEvaluator(choreography, timing: timing)
    // The progress of each distinct track clock (a delay, and an own timing after a
    // reversal) at each time: one row without delays.
    var rows: [[Double]] = []
    for clock in evaluator.delays.indices {
      // A retarget plan's clocks no track reads, and its spring bases, which the next branch
      // fills: empty rows.
      if !evaluator.clockIsUsed.isEmpty, !evaluator.clockIsUsed[clock] {
        rows.append([])
        continue
      }
      if !evaluator.basisOf.isEmpty, evaluator.basisOf[clock] >= 0 {
        // f and g of a spring basis, from one evaluation per sample.
        if evaluator.basisOf[clock] % 2 == 0 {
          let basis = evaluator.springBases[evaluator.basisOf[clock] / 2]
          var f: [Double] = []
          var g: [Double] = []
          f.reserveCapacity(times.count)
          g.reserveCapacity(times.count)
          for t in times {
            let (a, b) = basis.at(t)
            f.append(a)
            g.append(b)
          }
          rows.append(f)
          rows.append(g)
        }
        continue
      }
      // The clock's timing and delay read once per row, not per sample.
      let clockTiming = evaluator.timings[clock] ?? timing
      let delay = evaluator.delays[clock]
      // Summed once: every sample at or past it holds the tracks' `to` (docs/TIMING.md 10).
      let end = delay + clockTiming.duration
      // A retarget's in-flight tracks run ahead of the plan's clock.
      let shift = evaluator.shifts.isEmpty ? 0 : evaluator.shifts[clock]
      var row: [Double] = []
      row.reserveCapacity(times.count)
      for t in times {
        let p = clockTiming.progress(at: shift == 0 ? t : t + shift, delay: delay, end: end)
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
      // A retarget's springs and offsets move on plan time.
      if evaluator.hasMotions {
        return times.indices.map { j in evaluator.state(ofLayer: i, at: times[j]) { rows[$0][j] } }
      }
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
        let motion = evaluator.hasMotions
        return times.indices.map { j in
          evaluator.detail(ofLayer: i, at: motion ? times[j] : nil) { rows[$0][j] }
        }
      }
    }
    return Plan(
      style: style.name, operation: request.operation, scene: request.scene, timing: timing,
      frameRate: request.frameRate, choreography: choreography, times: times, keyframes: keyframes,
      details: details, reduceMotion: request.reduceMotion, reversal: prepared.reversal,
      retarget: prepared.retarget, request: request)
  }
}
