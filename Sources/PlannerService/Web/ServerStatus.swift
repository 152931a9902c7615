import Synchronization

/// What the application needs to know about the server it runs in (drain state for `/readyz`,
/// open connections for `/metrics`), set once the server exists.
public final class ServerStatus: Sendable {
  private let source = Mutex<(draining: @Sendable () -> Bool, connections: @Sendable () -> Int)>(
    ({ false }, { 0 }))

  public init() {}

  public func connect(
    draining: @escaping @Sendable () -> Bool, connections: @escaping @Sendable () -> Int
  ) {
    source.withLock { $0 = (draining, connections) }
  }

  public var isDraining: Bool { source.withLock { $0.draining }() }
  public var openConnections: Int { source.withLock { $0.connections }() }
}
