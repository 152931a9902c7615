import HTTP1
import JSON

/// One access-log entry per answered request (docs/HTTP.md "Logs").
public struct HTTPAccessRecord: Sendable {
  /// Seconds since 1970 when the response was handed to the socket.
  public var time: Double
  public var method: String
  public var path: String
  public var status: Int
  /// Body bytes sent (0 for HEAD and for statuses without content).
  public var bytes: Int
  /// From the head being parsed to the response being serialised.
  public var durationSeconds: Double
  public var requestID: String

  public init(
    time: Double, method: String, path: String, status: Int, bytes: Int, durationSeconds: Double,
    requestID: String
  ) {
    self.time = time
    self.method = method
    self.path = path
    self.status = status
    self.bytes = bytes
    self.durationSeconds = durationSeconds
    self.requestID = requestID
  }

  /// The record as one line of JSON (for stdout logging).
  public var jsonLine: String {
    var w = JSONWriter(capacity: 160)
    w.raw("{\"time\":")
    w.number(time)
    w.raw(",\"method\":")
    w.string(method)
    w.raw(",\"path\":")
    w.string(path)
    w.raw(",\"status\":")
    w.integer(Int64(status))
    w.raw(",\"bytes\":")
    w.integer(Int64(bytes))
    w.raw(",\"duration\":")
    w.number(durationSeconds)
    w.raw(",\"request_id\":")
    w.string(requestID)
    w.byte(UInt8(ascii: "}"))
    return String(decoding: w.bytes, as: UTF8.self)
  }
}
