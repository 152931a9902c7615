import Foundation
import Glibc
import TestSupport
import XCTest

/// Issue 8: SIGTERM in the middle of a load with many concurrent connections. Heavier than
/// ServeCommandTests' 96-request burst: 128 connections written by four threads at once, 640
/// plans that keep both workers busy for a while, the signal sent while they are being planned,
/// and clients still connecting after it.
final class ServeDrainUnderLoadTests: XCTestCase {
  static let connections = 128
  static let requestsPerConnection = 5

  /// An expand push at 120 fps (about 1 ms to plan), varied so none is a cache hit.
  static func request(_ connection: Int, _ index: Int) -> String {
    let body =
      #"{"style":"expand","operation":"push","container":{"width":390,"height":844},"source":{"x":0,"y":\#(connection * 5 + index),"width":390,"height":60},"timing":{"duration":0.6},"frameRate":120}"#
    return
      "POST /v1/plans HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
  }

  func testSIGTERMUnderConcurrentLoadAnswersEveryRequestSentAndExitsZero() throws {
    raiseOpenFileLimit()
    // The queue bound is raised so that every request is planned (not refused 503), which is
    // what makes the drain have work in flight when the signal lands.
    let server = try ServerProcess(arguments: [
      "--access-log", "off", "--max-queued-requests", "4096", "--drain-grace-period", "20",
    ])
    let clients = try ClientSet(count: Self.connections, port: server.port)

    // Four threads write their share of the connections' pipelined requests concurrently.
    let written = DispatchGroup()
    for shard in 0..<4 {
      written.enter()
      Thread {
        defer { written.leave() }
        for c in stride(from: shard, to: Self.connections, by: 4) {
          let burst = (0..<Self.requestsPerConnection).map { Self.request(c, $0) }.joined()
          clients.send(c, burst)
        }
      }.start()
    }
    XCTAssertEqual(written.wait(timeout: .now() + 10), .success)
    server.signal(SIGTERM)

    // Late clients: connecting after the signal either gets a whole answer (taken in from the
    // backlog) or is refused or closed without a byte - never a partial or hung answer.
    let late = Recorder<String>()
    let lateDone = DispatchSemaphore(value: 0)
    let port = server.port
    Thread {
      defer { lateDone.signal() }
      for i in 0..<20 {
        guard let client = try? RawClient(port: port) else {
          late.append("refused")
          continue
        }
        client.send(Self.request(1000 + i, 0))
        if let response = try? client.readResponse(timeout: 10) {
          late.append("\(response.status)")
        } else {
          late.append(client.sawEOF && client.bufferedByteCount == 0 ? "closed" : "broken")
        }
      }
    }.start()

    // Readers, concurrently: every request written before the signal is answered 200, and the
    // last answer on each connection closes it.
    let failures = Recorder<String>()
    let answered = Counter()
    let announcedClose = Counter()
    let read = DispatchGroup()
    for shard in 0..<4 {
      read.enter()
      Thread {
        defer { read.leave() }
        for c in stride(from: shard, to: Self.connections, by: 4) {
          for j in 0..<Self.requestsPerConnection {
            do {
              let response = try clients.readResponse(c, timeout: 20)
              if response.status != 200 {
                failures.append("connection \(c) request \(j): status \(response.status)")
              }
              if j == Self.requestsPerConnection - 1 {
                // A connection still busy when the drain began announces the close on its
                // last answer; one whose answers had all gone out before the signal was idle
                // then and is closed without a further byte. Either way it ends here.
                if response.closes {
                  announcedClose.increment()
                } else if !clients.closesQuietly(c, timeout: 20) {
                  failures.append("connection \(c): not closed after its last answer")
                }
              }
              answered.increment()
            } catch {
              failures.append("connection \(c) request \(j): \(error)")
              break
            }
          }
        }
      }.start()
    }
    XCTAssertEqual(read.wait(timeout: .now() + 30), .success)
    XCTAssertEqual(failures.all, [])
    XCTAssertEqual(answered.count, Self.connections * Self.requestsPerConnection)
    // 640 plans of about 1 ms on two workers outlast the writing by far, so the drain must
    // have met connections with answers still to send.
    XCTAssertGreaterThan(announcedClose.count, 0)
    XCTAssertEqual(server.waitForExit(timeout: 25), 0)
    XCTAssertEqual(lateDone.wait(timeout: .now() + 15), .success)
    XCTAssertEqual(late.all.count, 20)
    XCTAssertEqual(late.all.filter { !["200", "refused", "closed"].contains($0) }, [])
    XCTAssertTrue(server.logLines.contains { $0.contains("\"event\":\"stopped\"") })
  }
}

/// Raw clients shared between threads; each connection is only ever used by one thread at a
/// time (the shard that owns it), so per-client state needs no lock.
final class ClientSet: @unchecked Sendable {
  private let clients: [RawClient]

  init(count: Int, port: Int) throws {
    clients = try (0..<count).map { _ in try RawClient(port: port) }
  }

  func send(_ index: Int, _ text: String) { clients[index].send(text) }

  func readResponse(_ index: Int, timeout: Double) throws -> RawClient.Response {
    try clients[index].readResponse(timeout: timeout)
  }

  func closesQuietly(_ index: Int, timeout: Double) -> Bool {
    clients[index].closesQuietly(timeout: timeout)
  }
}
