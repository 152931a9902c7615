import Glibc

/// A socket call that failed: the call and its errno.
public struct SocketError: Error, CustomStringConvertible, Sendable {
  public var call: String
  public var code: Int32
  public var description: String {
    "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
  }
}
