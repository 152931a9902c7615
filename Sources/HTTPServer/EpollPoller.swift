import CEpoll
import Glibc

/// One epoll set per event loop, waited on by the loop's own thread (``LoopThread``).
///
/// With a Dispatch source per socket, libdispatch wakes a thread and re-arms the socket with
/// `epoll_ctl` for every request; under load that kernel work was two thirds of the server's
/// CPU. Here one wake-up collects every ready socket of the loop with one `epoll_wait`, and the
/// level-triggered registrations stay armed between requests.
final class EpollPoller {
  let fd: Int32

  init?() {
    let fd = cepoll_create()
    guard fd >= 0 else { return nil }
    self.fd = fd
  }

  deinit {
    Glibc.close(fd)
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
