import CEpoll

/// A socket in its event loop's epoll set (level-triggered). Interest changes only when reading
/// pauses or a write falls short, so a request normally costs no `epoll_ctl` at all.
final class EpollReadiness: SocketReadiness {
  private let fd: Int32
  private let poller: EpollPoller
  private let token: UInt64
  private var registered: UInt32 = 0
  private var isWatched = false

  init(fd: Int32, poller: EpollPoller, token: UInt64) {
    self.fd = fd
    self.poller = poller
    self.token = token
  }

  func start() -> Bool {
    wantsRead = true
    registered = interest
    isWatched = poller.add(fd, events: registered, token: token)
    return isWatched
  }

  var wantsRead = false {
    didSet { update() }
  }

  var wantsWrite = false {
    didSet { update() }
  }

  private var interest: UInt32 {
    (wantsRead ? CEPOLL_IN : 0) | (wantsWrite ? CEPOLL_OUT : 0)
  }

  private func update() {
    guard isWatched, interest != registered else { return }
    registered = interest
    // Failure here means the descriptor is already gone; the next read or write says so.
    _ = poller.modify(fd, events: registered, token: token)
  }

  /// Level-triggered: a hang-up keeps being reported while the socket is watched.
  var isFinalHangUp: Bool { false }

  /// Removed from the set before the descriptor is closed: epoll would otherwise keep reporting
  /// it while another reference to the open file exists.
  func cancel(_ closed: @escaping () -> Void) {
    if isWatched {
      isWatched = false
      poller.remove(fd)
    }
    closed()
  }
}
