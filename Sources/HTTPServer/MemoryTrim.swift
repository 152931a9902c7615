import CMalloc
import Glibc

/// Gives free heap memory back to the operating system once the process holds much of it.
///
/// glibc keeps memory freed by the threads' arenas for reuse instead of returning it (and
/// ``AllocatorTuning`` raises its trim threshold so that plans do not fault their buffers in
/// again one by one), so after a load of 1,000 connections the resident size stayed about
/// 33 MiB above its start although nothing was live any more, and after bursts of large plans
/// on a few connections 151-255 MB. A container sized by its steady memory would keep paying
/// for one burst.
///
/// So once a second, on the accept queue, ``tick(answered:idle:)`` looks at the resident
/// memory that holds no live allocation (the resident size less the allocator's bytes in use:
/// free heap pages, plus code and stacks, which do not change) against what it was just after
/// the last trim. When it has grown by ``minimumGrowth``, `malloc_trim` returns the free pages
/// unless a steady load is running (at least ``busyRate`` answers in the last second, and not
/// fewer than half the busiest second since the last trim): such a load would fault those
/// pages in again at once, which is what the raised threshold avoids; its memory goes back
/// when it ends or halves. Counting answers alone missed work done by few heavy requests
/// (1 MiB bodies at 26 a second kept 63-95 MB), and counting connections, work on few of them.
/// A trim costs a few milliseconds on the accept queue.
struct MemoryTrim {
  /// Growth of the unused resident memory that is worth a trim.
  static let minimumGrowth = 16 << 20
  /// Answers a second from which a load counts as busy.
  static let busyRate = 50

  /// The unused resident bytes just after the last trim (or the lowest seen since).
  private(set) var baseline: Int
  /// The busiest second since the last trim.
  private(set) var ratePeak = 0
  private var answeredBefore: Int

  init(idle: Int, answered: Int = 0) {
    baseline = idle
    answeredBefore = answered
  }

  /// Once a second: `answered`, the responses handed to sockets so far; `idle`, the resident
  /// bytes holding no live allocation now. True when free memory should be given back now
  /// (then call ``trimmed(idle:)``).
  mutating func tick(answered: Int, idle: Int) -> Bool {
    let rate = max(0, answered - answeredBefore)
    answeredBefore = answered
    ratePeak = max(ratePeak, rate)
    baseline = min(baseline, idle)
    guard idle - baseline >= Self.minimumGrowth else { return false }
    let steadyLoad = rate >= Self.busyRate && rate * 2 > ratePeak
    return !steadyLoad
  }

  /// After a trim: growth and the busiest second count from here.
  mutating func trimmed(idle: Int) {
    baseline = idle
    ratePeak = 0
  }

  /// The process's resident bytes that hold no live allocation: its resident size less the
  /// allocator's bytes in use (the whole resident size where the allocator cannot tell).
  static func idleBytes() -> Int {
    let resident = residentBytes()
    let inUse = Int(cmalloc_bytes_in_use())
    return inUse >= 0 ? max(0, resident - inUse) : resident
  }

  /// Returns the heap's free pages to the kernel; false where the C library cannot.
  @discardableResult
  static func trimHeap() -> Bool {
    cmalloc_trim() >= 0
  }

  /// The process's resident bytes (`/proc/self/statm`), or 0 when it cannot be read.
  static func residentBytes() -> Int {
    let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = read(fd, &buffer, buffer.count)
    guard n > 0 else { return 0 }
    // "size resident shared ...", in pages: the second field.
    let fields = buffer[0..<n].split(separator: UInt8(ascii: " "), maxSplits: 2)
    guard fields.count >= 2 else { return 0 }
    var pages = 0
    for byte in fields[1] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return 0 }
      pages = pages * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
