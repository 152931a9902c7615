import TransitionEngine

/// The keyframes of a sampled row group (docs/NATIVE.md 2.3): placed so that the platform's
/// linear interpolation between them stays within 0.1 pt of the plan's exact value at every
/// instant. The rule fixes them completely - candidates from the plan's grid, halvings, thinning,
/// steps at a spring's cut, a budget - so two implementations write the same bytes.
struct NativeSampler {
  /// The bound the chords are held to at their probes (0.9 of 0.1 pt).
  static let tolerance = 0.09
  static let longestInterval = 1.0 / 60
  static let thinningSpan = 64
  static let budget = 65_536
  /// Chord tests thinning may make in a document. Thinning re-tests every refined time
  /// under each longer chord (up to 64 intervals' probes per kept time), so a long sampled
  /// transform - a 30 s tilted sheet - made half a million tests; past this, the remaining
  /// refined times are kept as they are. They meet the bound already (refinement saw to
  /// that): the document is only larger than the rule's. No plan of the examples comes near.
  static let thinningBudget = 262_144

  /// A group: the schedules of its tracks, its row values at a time of a piece, and the
  /// deviation of interpolated values from exact ones at a time (corners, in points).
  struct Group {
    /// Each track's start and end (its delay, and its delay + T or its motion's end).
    var schedules: [(start: Double, end: Double)]
    /// The span's length: the track's T for one track, end - start for several.
    var length: Double
    /// The row values at `t` with every track continued from inside the piece `(lo, hi)`.
    var values: (_ t: Double, _ lo: Double, _ hi: Double) -> [Double]
    /// A point of a plain frame track's rect, evaluated from its numbers into the memo's
    /// buffer (then `values` is not called: no closure or array per evaluation).
    var rectPoint: NativeRectPoint? = nil
    /// How far values `a` (the interpolation) are from `b` (exact) at `t`, in points; nil:
    /// the largest difference of any number (`NativeDeviation.largest`), which chord tests
    /// then compute in place from the memo's buffer.
    var measure: ((_ a: [Double], _ b: [Double], _ t: Double) -> Double)? = nil
    /// Whether the values are 4x4 matrices that Core Animation may also blend by
    /// decomposition (its matrix keyframe blend is undocumented): chords are then tested
    /// under both readings.
    var decompositionBlend = false
    /// Times inside the span where a track's part starts or ends (an additive track's
    /// remainder and offset leg): breakpoints besides the schedules' ends.
    var breaks: [Double] = []
    /// The bound at the probes: 0.09 pt for lengths, 0.0009 for an opacity (0.9 of 0.001).
    var tolerance: Double = NativeSampler.tolerance

    /// The jump between pieces that gets a step keyframe (0.01 pt; a ninth of an opacity's
    /// probe bound, so steps keep the same share of the bound).
    var stepTolerance: Double { tolerance / 9 }

    func deviation(_ a: [Double], _ b: [Double], _ t: Double) -> Double {
      measure?(a, b, t) ?? NativeDeviation.largest(a, b)
    }
  }

  /// The probe bound for rows of `property`'s values.
  static func tolerance(opacity: Bool) -> Double { opacity ? 0.0009 : tolerance }

  /// The keyframes: their times, key times (fractions of the span) and values.
  struct Keys {
    var start: Double
    var length: Double
    var keyTimes: [Double]
    var values: [[Double]]
    /// The rule could not bring some chord within its bound (the budget ran out, or an interval
    /// too short to halve still failed).
    var coarse: Bool
  }

  /// Halvings left for the rest of the document.
  var halvingsLeft = NativeSampler.budget
  /// Chord tests left for thinning in the rest of the document.
  var thinningTestsLeft = NativeSampler.thinningBudget
  private var exhausted = false

  /// Samples `group` starting from the plan's `grid`.
  mutating func sample(_ group: Group, grid: [Double]) -> Keys {
    let d = group.schedules.map(\.start).min() ?? 0
    let e = group.schedules.map(\.end).max() ?? d
    let s = group.length
    var breakpoints = [d]
    for b in group.schedules.flatMap({ [$0.start, $0.end] }) + group.breaks
    where b > d && b < e && !breakpoints.contains(b) {
      breakpoints.append(b)
    }
    breakpoints.append(e)
    breakpoints.sort()
    let budgetAtStart = halvingsLeft
    var coarse = false
    var times: [Double] = []
    var values: [[Double]] = []
    var pieceEnds: [(time: Double, value: [Double])] = []
    for p in 0..<(breakpoints.count - 1) {
      let (lo, hi) = (breakpoints[p], breakpoints[p + 1])
      var piece = Piece(group: group, lo: lo, hi: hi)
      var candidates = [lo]
      for g in grid where g > lo + 1e-5 * s && g < hi - 1e-5 * s { candidates.append(g) }
      candidates.append(hi)
      var kept: [Double]
      if exhausted {
        kept = candidates
        coarse = true
      } else {
        var refined = [lo]
        var failed = false
        var overBudget = false
        for k in 0..<(candidates.count - 1) {
          refine(
            candidates[k], candidates[k + 1], &piece, minimum: 1e-5 * s, into: &refined,
            failed: &failed, overBudget: &overBudget)
          if overBudget { break }
        }
        if overBudget {
          // The group whose halvings would pass the budget takes its candidates as its key
          // times in every piece, as does every group after it.
          halvingsLeft = budgetAtStart
          exhausted = true
          return sample(group, grid: grid)
        } else {
          if failed { coarse = true }
          kept = thin(refined, &piece)
        }
      }
      // A breakpoint's keyframe holds the value after it: the next piece's first.
      for (i, t) in kept.enumerated() where i < kept.count - 1 {
        times.append(t)
        values.append(piece.value(t))
      }
      pieceEnds.append((hi, piece.value(hi)))
    }
    // The last breakpoint: the tracks' end values.
    var last = Piece(group: group, lo: e, hi: e)
    let endValue = last.value(e)
    times.append(e)
    values.append(endValue)
    // Steps where a piece ends away from the value after its breakpoint (a spring's cut).
    // `times` holds every breakpoint in order (each piece's first time), so piece k's end is
    // met at breakpoints[k + 1].
    var keyTimes: [Double] = []
    var written: [[Double]] = []
    var piece = 0
    for (i, t) in times.enumerated() {
      if piece < pieceEnds.count, pieceEnds[piece].time == t {
        if group.deviation(pieceEnds[piece].value, values[i], t) > group.stepTolerance {
          var before = Piece(group: group, lo: breakpoints[piece], hi: t)
          keyTimes.append(keyTime(t, d, e, s) - 0.000001)
          written.append(before.value(t - 1e-6 * s))
        }
        piece += 1
      }
      keyTimes.append(keyTime(t, d, e, s))
      written.append(values[i])
    }
    return Keys(start: d, length: s, keyTimes: keyTimes, values: written, coarse: coarse)
  }

  private func keyTime(_ t: Double, _ d: Double, _ e: Double, _ s: Double) -> Double {
    t == d ? 0 : t == e ? 1 : (t - d) / s
  }

  /// The values of one piece, each time evaluated once (a halving's probes become its
  /// halves' ends and midpoints). Values live in one flat buffer behind a small
  /// open-addressing index keyed by the time's bits: a dictionary of arrays cost more than
  /// the curve evaluations it saved (hashing, an allocation per value).
  struct Piece {
    let group: Group
    let lo: Double
    let hi: Double
    /// The group's rect point and whether its deviation is the largest difference, read
    /// once: testing the group's optionals at every lookup copied them out each time.
    private let point: NativeRectPoint?
    private let largest: Bool
    /// Numbers per value (0 until the first evaluation).
    private var width = 0
    private var store: [Double] = []
    private var times: [Double] = []
    /// Slots of `times` + 1 (0: empty), a power of two long.
    private var slots = [Int32](repeating: 0, count: 64)
    private var interpolated: [Double] = []
    private var exactScratch: [Double] = []
    /// Each evaluated matrix's decomposition, made the first time a chord ends there: a
    /// thinning step tests up to 64 intervals' probes under one chord, and decomposing its
    /// two ends for every probe made a long tilted sheet cost half a second.
    private var decompositions: [DecomposedTransform?] = []
    private var decomposed: [Bool] = []

    init(group: Group, lo: Double, hi: Double) {
      self.group = group
      self.lo = lo
      self.hi = hi
      point = group.rectPoint
      largest = group.measure == nil
    }

    /// The value at `t` as a new array (for the keyframes kept).
    mutating func value(_ t: Double) -> [Double] {
      let i = index(t)
      return Array(store[(i * width)..<((i + 1) * width)])
    }

    /// The position of `t`'s value in the store, evaluating it the first time.
    /// The lookup is inlined into the chord tests (three quarters of the lookups find their
    /// time); the first evaluation is not.
    @inline(__always)
    private mutating func index(_ t: Double) -> Int {
      let mask = slots.count - 1
      var h = Int(truncatingIfNeeded: (t.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
      while slots[h] != 0 {
        let i = Int(slots[h]) - 1
        if times[i].bitPattern == t.bitPattern { return i }
        h = (h + 1) & mask
      }
      return evaluate(t, slot: h)
    }

    /// Evaluates `t` into the store and records it at the empty slot `h`.
    @inline(never)
    private mutating func evaluate(_ t: Double, slot h: Int) -> Int {
      if let point {
        point.append(t, lo, hi, into: &store)
        if width == 0 { startWidth(2) }
      } else {
        let v = group.values(t, lo, hi)
        if width == 0 { startWidth(v.count) }
        store.append(contentsOf: v)
      }
      times.append(t)
      slots[h] = Int32(times.count)
      if times.count * 2 > slots.count { grow() }
      return times.count - 1
    }

    private mutating func startWidth(_ n: Int) {
      width = n
      interpolated = [Double](repeating: 0, count: n)
      exactScratch = interpolated
      // A piece evaluates some tens of times: room for them at once, not by doubling.
      store.reserveCapacity(32 * n)
      times.reserveCapacity(32)
    }

    private mutating func grow() {
      slots = [Int32](repeating: 0, count: slots.count * 2)
      let mask = slots.count - 1
      for (i, t) in times.enumerated() {
        var h = Int(truncatingIfNeeded: (t.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while slots[h] != 0 { h = (h + 1) & mask }
        slots[h] = Int32(i + 1)
      }
    }

    /// A chord's ends with their values' places in the store, looked up once for the
    /// several probes a test or a thinning step makes under one chord.
    struct Chord {
      let a: Double
      let b: Double
      let ia: Int
      let ib: Int
    }

    mutating func chord(_ a: Double, _ b: Double) -> Chord {
      let ia = index(a) * width
      return Chord(a: a, b: b, ia: ia, ib: index(b) * width)
    }

    /// The deviation of `chord` at `t` from the exact value there.
    mutating func chordDeviation(_ chord: Chord, at t: Double) -> Double {
      let (a, b, ia, ib) = (chord.a, chord.b, chord.ia, chord.ib)
      let it = index(t) * width
      let u = (t - a) / (b - a)
      var worst = 0.0
      if largest {
        // NativeDeviation.largest's arithmetic, read from the buffer without the copies.
        for k in 0..<width {
          let va = store[ia + k]
          worst = max(worst, abs(va + (store[ib + k] - va) * u - store[it + k]))
        }
      } else {
        for k in 0..<width {
          let va = store[ia + k]
          interpolated[k] = va + (store[ib + k] - va) * u
          exactScratch[k] = store[it + k]
        }
        worst = group.measure!(interpolated, exactScratch, t)
      }
      if group.decompositionBlend {
        // A singular end has no decomposition: the blend is then the lerp already tested.
        if let da = decomposition(ia / width), let db = decomposition(ib / width) {
          let blended = DecomposedTransform.interpolate(da, db, u).recomposed.values
          if largest {
            for k in 0..<width { exactScratch[k] = store[it + k] }
          }
          worst = max(worst, group.deviation(blended, exactScratch, t))
        }
      }
      return worst
    }

    private mutating func decomposition(_ i: Int) -> DecomposedTransform? {
      if i < decomposed.count, decomposed[i] { return decompositions[i] }
      while decomposed.count <= i {
        decomposed.append(false)
        decompositions.append(nil)
      }
      let d = DecomposedTransform(Transform3D(Array(store[(i * width)..<((i + 1) * width)])))
      decompositions[i] = d
      decomposed[i] = true
      return d
    }

    /// The test of an interval: the chord within the bound at its three probes.
    mutating func passes(_ a: Double, _ b: Double) -> Bool {
      let chord = self.chord(a, b)
      let bound = group.tolerance
      return chordDeviation(chord, at: a + (b - a) * 0.25) <= bound
        && chordDeviation(chord, at: a + (b - a) * 0.5) <= bound
        && chordDeviation(chord, at: a + (b - a) * 0.75) <= bound
    }
  }

  /// Refinement: an interval longer than 1/60 s or failing the test is halved, its halves
  /// refined in turn (left first); appends the right end of every refined interval.
  private mutating func refine(
    _ a: Double, _ b: Double, _ piece: inout Piece, minimum: Double, into out: inout [Double],
    failed: inout Bool, overBudget: inout Bool
  ) {
    if overBudget { return }
    let long = b - a > Self.longestInterval
    if long || !piece.passes(a, b) {
      if b - a < minimum {
        if !piece.passes(a, b) { failed = true }
        out.append(b)
        return
      }
      guard halvingsLeft > 0 else {
        overBudget = true
        return
      }
      halvingsLeft -= 1
      let m = a + (b - a) * 0.5
      refine(a, m, &piece, minimum: minimum, into: &out, failed: &failed, overBudget: &overBudget)
      refine(m, b, &piece, minimum: minimum, into: &out, failed: &failed, overBudget: &overBudget)
      return
    }
    out.append(b)
  }

  /// Thinning: drops a refined time when the chord over it (at most 64 refined intervals) stays
  /// within the bound at every refined time it spans and at their intervals' probes.
  private mutating func thin(_ r: [Double], _ piece: inout Piece) -> [Double] {
    guard r.count > 2 else { return r }
    var kept = [r[0]]
    var k = 0
    let n = r.count - 1
    for i in 1..<n {
      // Each j below costs at most four chord tests.
      let tests = 4 * (i + 1 - k)
      var drop = i + 1 - k <= Self.thinningSpan && tests <= thinningTestsLeft
      if drop {
        thinningTestsLeft -= tests
        let chord = piece.chord(r[k], r[i + 1])
        check: for j in k..<(i + 1) {
          if j > k, piece.chordDeviation(chord, at: r[j]) > piece.group.tolerance {
            drop = false
            break check
          }
          let (a, b) = (r[j], r[j + 1])
          let bound = piece.group.tolerance
          if piece.chordDeviation(chord, at: a + (b - a) * 0.25) > bound
            || piece.chordDeviation(chord, at: a + (b - a) * 0.5) > bound
            || piece.chordDeviation(chord, at: a + (b - a) * 0.75) > bound
          {
            drop = false
            break check
          }
        }
      }
      if !drop {
        kept.append(r[i])
        k = i
      }
    }
    kept.append(r[n])
    return kept
  }
}
