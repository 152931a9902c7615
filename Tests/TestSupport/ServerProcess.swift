import Foundation
import Glibc

/// A `transition-planner serve` child process on an ephemeral loopback port, for tests that need
/// the real binary (signals, flags, environment, access log).
public final class ServerProcess: @unchecked Sendable {  // mutable state is guarded by `lock`
  public let process = Process()
  public private(set) var port = 0
  private let output = Pipe()
  private let lock = NSLock()
  private var lines: [String] = []
  private var partial = ""

  /// The directory holding the package's built products (beside the test bundle).
  public static var productsDirectory: URL {
    var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    while !FileManager.default.fileExists(
      atPath: dir.appendingPathComponent("transition-planner").path), dir.path != "/"
    {
      dir = dir.deletingLastPathComponent()
    }
    return dir
  }

  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
  }

  public init(arguments: [String] = [], environment: [String: String] = [:]) throws {
    process.executableURL = Self.productsDirectory.appendingPathComponent("transition-planner")
    process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    process.standardOutput = output
    process.standardError = output
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self, !data.isEmpty else { return }
      self.lock.lock()
      self.partial += String(decoding: data, as: UTF8.self)
      while let newline = self.partial.firstIndex(of: "\n") {
        self.lines.append(String(self.partial[..<newline]))
        self.partial = String(self.partial[self.partial.index(after: newline)...])
      }
      self.lock.unlock()
    }
    try process.run()
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let line = logLines.first(where: { $0.contains("\"event\":\"listening\"") }),
        let range = line.range(of: "\"port\":")
      {
        port = Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
        return
      }
      if !process.isRunning { break }
      usleep(20_000)
    }
    process.terminate()
    throw StartFailure(description: "server did not report its port: \(logLines)")
  }

  /// Every line the server printed so far (stdout and stderr).
  public var logLines: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }

  public func signal(_ sig: Int32) { kill(process.processIdentifier, sig) }

  /// Waits for the process to exit; nil if it is still running after `timeout`.
  public func waitForExit(timeout: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    return process.isRunning ? nil : process.terminationStatus
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    output.fileHandleForReading.readabilityHandler = nil
  }
}
