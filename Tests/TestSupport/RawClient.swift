import Foundation
import Glibc
import XCTest

/// A blocking test client on raw sockets, so tests see exactly the bytes the server sends (and
/// when it sends them), without any HTTP client library smoothing things over.
public final class RawClient {
  public let fd: Int32
  private var buffer: [UInt8] = []
  public private(set) var sawEOF = false

  public struct Response {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    public func header(_ name: String) -> String? {
      headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
    public var text: String { String(decoding: body, as: UTF8.self) }
    public var closes: Bool { header("Connection")?.lowercased() == "close" }
  }

  public struct ClientError: Error, CustomStringConvertible {
    public var description: String
  }

  public init(port: Int, host: String = "127.0.0.1") throws {
    let family = host.contains(":") ? AF_INET6 : AF_INET
    fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ClientError(description: "socket: errno \(errno)") }
    var rc: Int32
    if family == AF_INET6 {
      var addr = sockaddr_in6()
      addr.sin6_family = sa_family_t(AF_INET6)
      addr.sin6_port = in_port_t(UInt16(port).bigEndian)
      inet_pton(AF_INET6, host, &addr.sin6_addr)
      rc = withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      var addr = sockaddr_in()
      addr.sin_family = sa_family_t(AF_INET)
      addr.sin_port = in_port_t(UInt16(port).bigEndian)
      inet_pton(AF_INET, host, &addr.sin_addr)
      rc = withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard rc == 0 else {
      let e = errno
      Glibc.close(fd)
      throw ClientError(description: "connect: errno \(e)")
    }
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  private var closed = false

  deinit { if !closed { Glibc.close(fd) } }

  public func send(_ text: String) { send(Array(text.utf8)) }

  public func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if n <= 0 { return }
      offset += n
    }
  }

  public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

  /// Closes with a reset (SO_LINGER 0), like a crashed client.
  public func reset() {
    var l = linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, socklen_t(MemoryLayout<linger>.size))
    Glibc.close(fd)
    closed = true
  }

  /// Reads more bytes into the buffer; false on time-out or EOF.
  @discardableResult
  public func fill(timeout: Double) -> Bool {
    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ms = Int32(max(0, timeout * 1000))
    guard poll(&pfd, 1, ms) > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if n <= 0 {
      sawEOF = true
      return false
    }
    buffer += chunk[0..<n]
    return true
  }

  /// Reads one response. `head: true` for a HEAD request (no body despite Content-Length).
  public func readResponse(head: Bool = false, timeout: Double = 5) throws -> Response {
    let deadline = Date().addingTimeInterval(timeout)
    func headEnd() -> Int? {
      guard buffer.count >= 4 else { return nil }
      for i in 0...(buffer.count - 4)
      where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
        return i + 4
      }
      return nil
    }
    var end = headEnd()
    while end == nil {
      let left = deadline.timeIntervalSinceNow
      guard left > 0, fill(timeout: left) else {
        throw ClientError(
          description: sawEOF ? "EOF before a response" : "time-out waiting for a response")
      }
      end = headEnd()
    }
    let headText = String(decoding: buffer[0..<end!], as: UTF8.self)
    var lines = headText.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let statusLine = lines.removeFirst()
    let parts = statusLine.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
      throw ClientError(description: "bad status line \(statusLine)")
    }
    let headers = lines.map { line -> (String, String) in
      let colon = line.firstIndex(of: ":")!
      return (
        String(line[..<colon]),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
    buffer.removeFirst(end!)
    var response = Response(status: status, headers: headers, body: [])
    let noBody = head || status < 200 || status == 204 || status == 304
    if !noBody, let length = response.header("Content-Length").flatMap(Int.init) {
      while buffer.count < length {
        let left = deadline.timeIntervalSinceNow
        guard left > 0, fill(timeout: left) else {
          throw ClientError(description: "short body")
        }
      }
      response.body = Array(buffer[0..<length])
      buffer.removeFirst(length)
    }
    return response
  }

  /// True when the server closes within `timeout` without sending any (further) byte.
  public func closesQuietly(timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !sawEOF {
      let left = deadline.timeIntervalSinceNow
      if left <= 0 { return false }
      fill(timeout: left)
      if !buffer.isEmpty { return false }
    }
    return buffer.isEmpty
  }

  /// True when the server closes within `timeout` (after whatever it still sends).
  public func waitForClose(timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !sawEOF {
      let left = deadline.timeIntervalSinceNow
      if left <= 0 { return false }
      fill(timeout: left)
    }
    return true
  }

  public var bufferedByteCount: Int { buffer.count }
}

/// Raises this process's open-file soft limit (the 1,000-connection test needs both ends).
public func raiseOpenFileLimit() {
  var limit = rlimit()
  getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  limit.rlim_cur = limit.rlim_max
  setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}

/// Number of threads in this process (from /proc), to show connections cost no threads.
public func processThreadCount() -> Int {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
    return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) ?? -1
  }
  return -1
}

/// Polls `condition` until true or `timeout`.
public func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if condition() { return true }
    usleep(10_000)
  }
  return condition()
}
