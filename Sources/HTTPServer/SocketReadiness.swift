/// How a connection hears that its socket can be read or written. Every call and callback
/// happens as the work of the connection's event loop.
///
/// Two kinds exist: a Dispatch read source and write source per socket
/// (``HTTPServerConfiguration/SocketEvents/dispatch``), or the socket in its event loop's epoll
/// set, which reports many ready sockets per wake-up and needs no per-request `epoll_ctl`
/// re-arm; the set is waited on by the loop's own thread.
protocol SocketReadiness: AnyObject {
  /// Starts watching, read interest on. False when the socket cannot be watched.
  func start() -> Bool
  /// Whether readable events are wanted (off while paused, closing or half-closed).
  var wantsRead: Bool { get set }
  /// Whether writable events are wanted (on while a response waits for socket buffer space).
  var wantsWrite: Bool { get set }
  /// Read in the readable callback: true when the event is a hang-up (the peer reset, or both
  /// directions are shut) after which no further readable event comes, so the connection must
  /// read until the error or the end of the stream itself.
  var isFinalHangUp: Bool { get }
  /// Stops watching; `closed` runs, now or later but on the loop, once nothing watches the
  /// descriptor any more and it may be closed.
  func cancel(_ closed: @escaping () -> Void)
}
