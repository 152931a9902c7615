import Glibc

/// Thin wrappers over the socket calls the server needs; errors carry the call and errno
/// (``SocketError``).
enum Socket {
  /// Resolves `host` (numeric IPv4/IPv6 or a name) and returns a bound, listening, non-blocking
  /// socket and its port.
  static func listen(host: String, port: Int, backlog: Int32) throws(SocketError) -> (
    fd: Int32, port: Int
  ) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var result: UnsafeMutablePointer<addrinfo>? = nil
    let rc = getaddrinfo(host, String(port), &hints, &result)
    guard rc == 0, let info = result else {
      throw SocketError(
        call: "getaddrinfo(\(host)): \(String(cString: gai_strerror(rc)))", code: EINVAL)
    }
    defer { freeaddrinfo(result) }
    let fd = socket(
      info.pointee.ai_family,
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
    var one: Int32 = 1
    // Restarting the server must not wait for TIME_WAIT sockets of the previous run.
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
      let e = errno
      Glibc.close(fd)
      throw SocketError(call: "bind(\(host):\(port))", code: e)
    }
    if Glibc.listen(fd, backlog) != 0 {
      let e = errno
      Glibc.close(fd)
      throw SocketError(call: "listen", code: e)
    }
    return (fd, localPort(fd))
  }

  static func localPort(_ fd: Int32) -> Int {
    var storage = sockaddr_storage()
    var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
    }
    return port(of: storage)
  }

  static func port(of storage: sockaddr_storage) -> Int {
    var storage = storage
    switch Int32(storage.ss_family) {
    case AF_INET:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin_port))
        }
      }
    case AF_INET6:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin6_port))
        }
      }
    default:
      return 0
    }
  }

  /// The numeric address of a peer, for logs.
  static func address(of storage: sockaddr_storage) -> String {
    var storage = storage
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(storage.ss_family) {
    case AF_INET:
      withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
          var addr = sin.pointee.sin_addr
          _ = inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count))
        }
      }
    case AF_INET6:
      withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 in
          var addr = sin6.pointee.sin6_addr
          _ = inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count))
        }
      }
    default:
      return ""
    }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// Non-blocking and close-on-exec (accept4 is not visible from Swift's Glibc module), and
  /// TCP_NODELAY: Nagle would hold a small response back until the client's delayed ACK
  /// (about 40 ms).
  static func prepareAccepted(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Raises the open-file soft limit to the hard limit; returns the soft limit in force.
  static func raiseOpenFileLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    return limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
  }
}
