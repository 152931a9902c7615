#if canImport(Glibc)
  import Glibc
#endif

/// `transition-planner healthcheck [--host H] [--port N]`: exit 0 iff `GET /healthz` answers 200.
/// For container health checks in images without a shell or curl.
enum HealthcheckCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let env = ServeOptions.processEnvironment
    var host = "127.0.0.1"
    var port = env["PORT"].flatMap { Int($0) } ?? 8080
    var timeout = 2.0
    var i = 0
    while i < arguments.count {
      let a = arguments[i]
      guard i + 1 < arguments.count else {
        IO.err("usage: transition-planner healthcheck [--host H] [--port N] [--timeout S]\n")
        return 64
      }
      let v = arguments[i + 1]
      switch a {
      case "--host": host = v
      case "--port": port = Int(v) ?? -1
      case "--timeout": timeout = Double(v) ?? 2
      default:
        IO.err("usage: transition-planner healthcheck [--host H] [--port N] [--timeout S]\n")
        return 64
      }
      i += 2
    }
    guard (1...65535).contains(port) else {
      IO.err("healthcheck: invalid port\n")
      return 64
    }
    let status = probe(host: host, port: port, timeout: timeout)
    if status == 200 { return 0 }
    IO.err(
      "healthcheck: \(status.map { "GET /healthz answered \($0)" } ?? "no answer from \(host):\(port)")\n"
    )
    return 1
  }

  /// The status code of `GET /healthz`, or nil when nothing answered in time.
  static func probe(host: String, port: Int, timeout: Double) -> Int? {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_family = AF_UNSPEC
    var result: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &result) == 0, let first = result else {
      return nil
    }
    defer { freeaddrinfo(result) }
    let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    guard connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else { return nil }
    let request = Array("GET /healthz HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
    guard
      request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
        == request.count
    else {
      return nil
    }
    var buffer = [UInt8](repeating: 0, count: 512)
    var received = 0
    while received < 12 {
      let n = buffer.withUnsafeMutableBytes {
        recv(fd, $0.baseAddress! + received, $0.count - received, 0)
      }
      if n <= 0 { break }
      received += n
    }
    let line = String(decoding: buffer[0..<received], as: UTF8.self)
    guard line.hasPrefix("HTTP/1."), received >= 12 else { return nil }
    let code = line.dropFirst(9).prefix(3)
    return Int(code)
  }
}
