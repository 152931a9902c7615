import Synchronization

/// The keyframe times of a plan as JSON numbers, remembered for the few sample grids in use.
///
/// Every layer has a keyframe at every time, so the times are formatted once per plan; but the
/// grid itself depends only on the duration and the frame rate, which few requests vary: a
/// 60 fps, one-second plan formats the same 61 numbers (most of them 17 digits) every time,
/// about a tenth of encoding it. The text is a pure function of the times' bits, so sharing it
/// changes no byte of any answer.
struct TimeGridText: Sendable {
  let times: [Double]
  /// The numbers back to back, without separators.
  let text: [UInt8]
  /// ``text`` and ``slack`` zero bytes after it, so that each time can be copied as 32 bytes
  /// (`JSONWriter.Cursor.appendShort`) straight from here, without a copy per plan.
  let padded: [UInt8]
  /// Where each time's text ends in ``text``.
  let ends: [Int]

  /// The most recently used grids, newest first.
  private static let recent = Mutex<[TimeGridText]>([])
  static let capacity = 8
  static let slack = 32

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
    padded = text + [UInt8](repeating: 0, count: Self.slack)
    self.ends = ends
  }

  /// Bit for bit, so that only times that print alike share a text.
  private func matches(_ other: [Double]) -> Bool {
    times.count == other.count
      && times.elementsEqual(other) { $0.bitPattern == $1.bitPattern }
  }
}
