import CEpoll
import Dispatch
import Glibc

/// One epoll set per event loop, waited on by the loop's own thread (``LoopThread``) or watched
/// by a single Dispatch read source on the loop's queue.
///
/// With a Dispatch source per socket, libdispatch wakes a thread and re-arms the socket with
/// `epoll_ctl` for every request; under load that kernel work was two thirds of the server's
/// CPU. Here one wake-up collects every ready socket of the loop with one `epoll_wait`, and the
/// level-triggered registrations stay armed between requests.
final class EpollPoller {
  let fd: Int32
  private var source: DispatchSourceRead?
  private let capacity = 256
  private let tokens: UnsafeMutablePointer<UInt64>
  private let events: UnsafeMutablePointer<UInt32>

  init?() {
    let fd = cepoll_create()
    guard fd >= 0 else { return nil }
    self.fd = fd
    tokens = .allocate(capacity: capacity)
    events = .allocate(capacity: capacity)
  }

  deinit {
    source?.cancel()
    tokens.deallocate()
    events.deallocate()
    Glibc.close(fd)
  }

  /// Starts delivering readiness on `queue` through a Dispatch read source (when the loop has
  /// no thread of its own): `deliver(token, events)` per ready socket.
  func start(queue: DispatchQueue, deliver: @escaping (UInt64, UInt32) -> Void) {
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    source.setEventHandler { [unowned self] in poll(deliver) }
    self.source = source
    source.resume()
  }

  func stop() {
    source?.cancel()
    source = nil
  }

  /// A few rounds at most per wake-up, so results coming back from the workers (queued on the
  /// same serial queue) are not kept waiting; sockets still ready wake the source again.
  private func poll(_ deliver: (UInt64, UInt32) -> Void) {
    for _ in 0..<4 {
      let n = Int(cepoll_poll(fd, tokens, events, Int32(capacity)))
      guard n > 0 else { return }
      for i in 0..<n { deliver(tokens[i], events[i]) }
      if n < capacity { return }
    }
  }

  func add(_ socket: Int32, events: UInt32, token: UInt64) -> Bool {
    cepoll_add(fd, socket, events, token) == 0
  }

  func modify(_ socket: Int32, events: UInt32, token: UInt64) -> Bool {
    cepoll_modify(fd, socket, events, token) == 0
  }

  func remove(_ socket: Int32) {
    _ = cepoll_remove(fd, socket)
  }
}
