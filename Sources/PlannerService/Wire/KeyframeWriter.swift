import JSON
import Synchronization
import TransitionEngine

/// The keyframes of a plan's layers: the encoders' innermost loop, and the only unsafe code of
/// the wire layer. Everything that relies on the unchecked writing is in this file.
///
/// The contract, stated once: after its time (copied from the grid's text), each keyframe is
/// written through ``JSONWriter/withUncheckedRoom(_:_:)`` with ``maximumKeyframeBytes`` of
/// room, which bounds every byte it writes; the only reads through a pointer are of text the
/// same keyframe wrote just before.
struct KeyframeWriter {
  let grid: TimeGridText

  /// A writer for keyframes at `times` (every layer of a plan has one at each).
  init(times: [Double]) {
    grid = TimeGridText.of(times)
  }

  /// The most bytes of one keyframe after its time: 80 of punctuation and keys, and 21
  /// numbers (a frame, an alpha and 16 matrix fields) of at most
  /// ``JSONWriter/maximumNumberBytes``.
  static let maximumKeyframeBytes = 80 + 21 * JSONWriter.maximumNumberBytes

  /// `[{"t":..,"frame":..,"alpha":..[,"transform":..]}, ...]`: one keyframe per time, from the
  /// layer's states (one per time), the same text the piecewise value writers would give.
  func write(_ states: [LayerState], _ w: inout JSONWriter) {
    precondition(states.count == grid.ends.count, "one state per time")
    let ends = grid.ends
    w.byte(UInt8(ascii: "["))
    grid.text.withUnsafeBufferPointer { timeText in
      for (i, state) in states.enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        let start = i == 0 ? 0 : ends[i - 1]
        w.raw("{\"t\":")
        w.append(UnsafeBufferPointer(rebasing: timeText[start..<ends[i]]))
        Self.keyframe(state, &w)
      }
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// The same with the `members` of `details` (one per time) that a layer reports; without
  /// members, ``write(_:_:)``. A separate function, so that the seeds' keyframes run the code
  /// they always ran: sharing one (a branch or a second loop in it) made a zoom push miss take
  /// 3-4 % more instructions, the number formatter being inlined less (callgrind on
  /// planner-bench --misses). Shared-element members go through the checked writer: writing
  /// them through an unchecked room saved only 2.8 % of a 10-pair hero plan's instructions
  /// (1565M against 1522M, planner-bench --iterations 100 --hero-pipeline), under the bar.
  func write(
    _ states: [LayerState], details: [LayerDetail], members: KeyframeMembers,
    _ w: inout JSONWriter
  ) {
    guard !members.isEmpty, details.count == states.count else { return write(states, &w) }
    precondition(states.count == grid.ends.count, "one state per time")
    let ends = grid.ends
    w.byte(UInt8(ascii: "["))
    for (i, state) in states.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{\"t\":")
      // The grid's text for this time rather than formatting it again, which made a 10-pair
      // hero plan take 4.5 % more instructions (callgrind, planner-bench --iterations 100
      // --hero-pipeline: 1639M against 1565M).
      w.append(contentsOf: grid.text[(i == 0 ? 0 : ends[i - 1])..<ends[i]])
      Self.keyframe(state, details[i], members, &w)
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// A keyframe after its time: `,"frame":...,"alpha":...[,"transform":[...]]}`.
  @inline(__always)
  private static func keyframe(_ state: LayerState, _ w: inout JSONWriter) {
    w.withUncheckedRoom(maximumKeyframeBytes) { c in
      c.raw(",\"frame\":{\"x\":")
      c.number(state.frame.x)
      c.raw(",\"y\":")
      c.number(state.frame.y)
      c.raw(",\"width\":")
      let width = state.frame.width
      let widthText = c.position
      c.number(width)
      let widthCount = c.position - widthText
      c.raw(",\"height\":")
      c.number(state.frame.height, sameAs: width, text: widthText, count: widthCount)
      c.raw("},\"alpha\":")
      c.number(state.alpha)
      let t = state.transform
      if !t.isIdentity {
        c.raw(",\"transform\":[")
        // In JSONWriter.transform's order, field by field (an array would allocate per keyframe).
        let m11Text = c.position
        c.number(t.m11)
        let m11Count = c.position - m11Text
        c.byte(UInt8(ascii: ","))
        c.number(t.m12)
        c.byte(UInt8(ascii: ","))
        c.number(t.m13)
        c.byte(UInt8(ascii: ","))
        c.number(t.m14)
        c.byte(UInt8(ascii: ","))
        c.number(t.m21)
        c.byte(UInt8(ascii: ","))
        c.number(t.m22, sameAs: t.m11, text: m11Text, count: m11Count)
        c.byte(UInt8(ascii: ","))
        c.number(t.m23)
        c.byte(UInt8(ascii: ","))
        c.number(t.m24)
        c.byte(UInt8(ascii: ","))
        c.number(t.m31)
        c.byte(UInt8(ascii: ","))
        c.number(t.m32)
        c.byte(UInt8(ascii: ","))
        c.number(t.m33)
        c.byte(UInt8(ascii: ","))
        c.number(t.m34)
        c.byte(UInt8(ascii: ","))
        c.number(t.m41)
        c.byte(UInt8(ascii: ","))
        c.number(t.m42)
        c.byte(UInt8(ascii: ","))
        c.number(t.m43)
        c.byte(UInt8(ascii: ","))
        c.number(t.m44)
        c.byte(UInt8(ascii: "]"))
      }
      c.byte(UInt8(ascii: "}"))
    }
  }

  /// A keyframe after its time with the layer's details, through the checked writer: the same
  /// text as ``keyframe(_:_:)`` for frame, alpha and transform.
  private static func keyframe(
    _ state: LayerState, _ detail: LayerDetail, _ members: KeyframeMembers,
    _ w: inout JSONWriter
  ) {
    w.raw(",\"frame\":")
    w.rect(state.frame)
    w.raw(",\"alpha\":")
    w.number(state.alpha)
    if !state.transform.isIdentity {
      w.raw(",\"transform\":")
      w.transform(state.transform)
    }
    Self.detail(detail, members, &w)
    w.byte(UInt8(ascii: "}"))
  }

  /// The members of `detail` the layer reports: `,"cornerRadius":..`, `,"contentFrame":{..}`,
  /// `,"shadowOpacity":..`.
  private static func detail(
    _ detail: LayerDetail, _ members: KeyframeMembers, _ w: inout JSONWriter
  ) {
    if members.contains(.cornerRadius) {
      w.raw(",\"cornerRadius\":")
      w.number(detail.cornerRadius)
    }
    if members.contains(.contentFrame) {
      w.raw(",\"contentFrame\":")
      w.rect(detail.contentFrame)
    }
    if members.contains(.shadowOpacity) {
      w.raw(",\"shadowOpacity\":")
      w.number(detail.shadowOpacity)
    }
  }
}

extension JSONWriter.UncheckedCursor {
  /// `value`, or when it has the same bits as `previous`, whose text (`count` bytes at `text`)
  /// this cursor wrote earlier, a copy of that text: the same text without formatting the
  /// number again (a square frame's height, a uniform scale's second factor). Worth its
  /// pointers: without it a plan miss takes 5.2 % more instructions (`valgrind --tool=callgrind
  /// .build/release/planner-bench --iterations 300 --misses`: 326.5M against 309.7M).
  @inline(__always)
  fileprivate mutating func number(
    _ value: Double, sameAs previous: Double, text: UnsafePointer<UInt8>, count: Int
  ) {
    if value.bitPattern == previous.bitPattern {
      position.update(from: text, count: count)
      position += count
    } else {
      number(value)
    }
  }
}

/// The keyframe times of a plan as JSON numbers, remembered for the few sample grids in use.
///
/// Every layer has a keyframe at every time, so the times are formatted once per plan; but the
/// grid depends only on the duration and the frame rate, which few requests vary: a 60 fps,
/// one-second plan would format the same 61 numbers (most of them 17 digits) every time. The
/// text is a pure function of the times' bits, so sharing it changes no byte of any answer.
///
/// Why process-wide state: remembering the grids saves 6.0 % of the instructions of a plan
/// miss (`valgrind --tool=callgrind .build/release/planner-bench --iterations 300 --misses`,
/// 351.4M without the cache against 330.2M with it, the zoom push at 60 fps, which also makes
/// the varying-plan benchmark's requests).
struct TimeGridText: Sendable {
  let times: [Double]
  /// The numbers back to back, without separators.
  let text: [UInt8]
  /// Where each time's text ends in ``text``.
  let ends: [Int]

  /// The most recently used grids, newest first.
  private static let recent = Mutex<[TimeGridText]>([])
  static let capacity = 8

  /// The text of `times`, formatted now or remembered from an earlier plan.
  static func of(_ times: [Double]) -> TimeGridText {
    if let known = recent.withLock({ grids in grids.first { $0.matches(times) } }) {
      return known
    }
    let grid = TimeGridText(formatting: times)
    recent.withLock { grids in
      guard !grids.contains(where: { $0.matches(times) }) else { return }
      if grids.count >= capacity { grids.removeLast() }
      grids.insert(grid, at: 0)
    }
    return grid
  }

  /// How many grids are remembered (for tests).
  static var rememberedCount: Int { recent.withLock { $0.count } }

  init(formatting times: [Double]) {
    var writer = JSONWriter(capacity: times.count * JSONWriter.maximumNumberBytes)
    var ends: [Int] = []
    ends.reserveCapacity(times.count)
    for t in times {
      writer.number(t)
      ends.append(writer.byteCount)
    }
    self.times = times
    text = writer.bytes
    self.ends = ends
  }

  /// Bit for bit, so that only times that print alike share a text.
  private func matches(_ other: [Double]) -> Bool {
    times.count == other.count
      && times.elementsEqual(other) { $0.bitPattern == $1.bitPattern }
  }
}
