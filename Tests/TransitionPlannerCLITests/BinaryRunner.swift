import Foundation
import TestSupport

/// Runs a built executable of this package (it sits beside the test bundle) with standard
/// input, and collects its exit status and output.
struct BinaryRunner {
  struct Output {
    var status: Int32
    var stdout: Data
    var stderr: Data
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  }

  static var productsDirectory: URL { ServerProcess.productsDirectory }

  static func run(
    _ arguments: [String], binary name: String = "transition-planner", stdin: Data = Data(),
    environment: [String: String] = [:]
  ) throws -> Output {
    let process = Process()
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.executableURL = productsDirectory.appendingPathComponent(name)
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes on their own threads so a large output cannot deadlock the child.
    nonisolated(unsafe) var out = Data()
    nonisolated(unsafe) var err = Data()
    let group = DispatchGroup()
    group.enter()
    Thread {
      out = output.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }.start()
    group.enter()
    Thread {
      err = error.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }.start()
    input.fileHandleForWriting.write(stdin)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    return Output(status: process.terminationStatus, stdout: out, stderr: err)
  }
}
