/// One request and its answer as the client saw them.
public struct HTTPExchange: Sendable {
  public var status: Int
  /// Final response's header fields in order (names as sent), interim 1xx heads excluded.
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]
  /// Request body bytes curl actually sent (less than the body when the server refused early).
  public var bytesSent: Int
  /// Wall-clock seconds for the whole exchange.
  public var totalTime: Double
  /// Statuses of interim responses seen first (100 Continue).
  public var interimStatuses: [Int]
  /// New connections curl opened for this exchange (0 when a kept-alive one was reused).
  public var newConnections: Int

  public func header(_ name: String) -> String? {
    let lower = name.lowercased()
    return headers.first { $0.name.lowercased() == lower }?.value
  }

  public var text: String { String(decoding: body, as: UTF8.self) }
}
