import Glibc

/// Gives free heap memory back to the operating system once a burst of connections has ended.
///
/// glibc keeps memory freed by the threads' arenas for reuse instead of returning it, so after
/// a load of 1,000 connections the resident size stayed about 33 MiB above its start although
/// nothing was live any more (`malloc_trim` brought it back to within 3 MiB: scripts/ops/soak.sh).
/// A container sized by its steady memory would keep paying for one burst. So once the open
/// connections have fallen to a quarter of their peak, the free memory is released. That costs a
/// few milliseconds on the accept queue, and happens only after a burst has ended.
enum MemoryTrim {
  /// Bursts of connections smaller than this are not worth a trim.
  static let minimumPeak = 64
  /// Nor are bursts of requests slower than this many answers a second. A burst of large plans
  /// on a few connections grows the heap as much as many connections do (151-255 MB resident
  /// stayed after bursts under 64 connections), so the request rate is watched too.
  static let minimumRequestRate = 50

  private typealias TrimFunction = @convention(c) (Int) -> Int32

  /// `malloc_trim` from glibc (looked up: Swift's Glibc module does not declare malloc.h);
  /// nil on a C library without it.
  private static let trim: TrimFunction? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
      return nil
    }
    return unsafeBitCast(symbol, to: TrimFunction.self)
  }()

  /// Called periodically on the accept queue, where the accept path also updates the peak.
  /// Once a second: a burst of connections or of requests has ended when the current figure
  /// has fallen to a quarter of its peak since the last trim.
  /// `answered`: the responses handed to sockets so far (the event loops' counts).
  static func afterBurst(_ context: ServerContext, answered: Int) {
    let open = context.openConnections.load(ordering: .acquiring)
    let peak = context.connectionsPeak.load(ordering: .relaxed)
    let rate = answered - context.answeredAtLastTick.load(ordering: .relaxed)
    context.answeredAtLastTick.store(answered, ordering: .relaxed)
    let ratePeak = max(rate, context.requestRatePeak.load(ordering: .relaxed))
    context.requestRatePeak.store(ratePeak, ordering: .relaxed)
    let connectionsEnded = peak >= minimumPeak && open * 4 <= peak
    let requestsEnded = ratePeak >= minimumRequestRate && rate * 4 <= ratePeak
    guard connectionsEnded || requestsEnded else { return }
    _ = trim?(0)
    context.connectionsPeak.store(open, ordering: .relaxed)
    context.requestRatePeak.store(rate, ordering: .relaxed)
  }
}
