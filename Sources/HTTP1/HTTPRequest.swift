/// A complete request handed to the application: head, whole body, peer address.
public struct HTTPRequest: Sendable {
  public var head: HTTPRequestHead
  public var body: [UInt8]
  /// The peer's IP address (no port), for logs.
  public var remoteAddress: String

  public init(head: HTTPRequestHead, body: [UInt8] = [], remoteAddress: String = "") {
    self.head = head
    self.body = body
    self.remoteAddress = remoteAddress
  }
}
