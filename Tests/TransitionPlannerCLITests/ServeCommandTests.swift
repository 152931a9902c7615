import Foundation
import Glibc
import TestSupport
import XCTest

/// `transition-planner serve` and `healthcheck` as a container runs them.
final class ServeCommandTests: XCTestCase {
  func testServesOperationalRoutesAndLogsOneJSONLinePerRequest() throws {
    let server = try ServerProcess()
    let client = try RawClient(port: server.port)
    client.send("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Request-ID: abc-123\r\n\r\n")
    let health = try client.readResponse()
    XCTAssertEqual(health.status, 200)
    XCTAssertEqual(health.text, #"{"status":"ok"}"#)
    XCTAssertEqual(health.header("X-Request-ID"), "abc-123")
    client.send("GET /readyz HTTP/1.1\r\nHost: t\r\n\r\n")
    XCTAssertEqual(try client.readResponse().text, #"{"status":"ready"}"#)
    client.send("GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n")
    let metrics = try client.readResponse().text
    XCTAssertTrue(
      metrics.contains("http_requests_total{route=\"/healthz\",method=\"GET\",status=\"200\"} 1"),
      metrics)
    XCTAssertTrue(metrics.contains("http_open_connections 1"), metrics)
    XCTAssertTrue(
      eventually { server.logLines.contains { $0.contains("\"request_id\":\"abc-123\"") } })
    let line = try XCTUnwrap(server.logLines.first { $0.contains("\"request_id\":\"abc-123\"") })
    let record = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    XCTAssertEqual(record["path"] as? String, "/healthz")
    XCTAssertEqual(record["status"] as? Int, 200)
    XCTAssertNotNil(record["duration"])
  }

  func testHealthcheckExitsZeroOnlyWhenHealthy() throws {
    let server = try ServerProcess(arguments: ["--access-log", "off"])
    let ok = try BinaryRunner.run(["healthcheck", "--port", String(server.port)])
    XCTAssertEqual(ok.status, 0, ok.stderrText)
    // PORT from the environment, as in a container.
    let env = try BinaryRunner.run(["healthcheck"], environment: ["PORT": String(server.port)])
    XCTAssertEqual(env.status, 0, env.stderrText)
    server.signal(SIGTERM)
    XCTAssertEqual(server.waitForExit(timeout: 15), 0)
    let down = try BinaryRunner.run(["healthcheck", "--port", String(server.port)])
    XCTAssertEqual(down.status, 1)
    XCTAssertTrue(down.stderrText.contains("no answer"))
  }

  func testSettingsFromEnvironmentAndFlagsAndHelp() throws {
    let help = try BinaryRunner.run(["serve", "--help"])
    XCTAssertEqual(help.status, 0)
    for name in [
      "--host", "HOST", "--port", "PORT", "--max-body-bytes", "--head-timeout", "--idle-timeout",
      "--body-timeout",
      "--max-connections", "--max-queued-requests", "--max-pipelined-requests",
      "--drain-grace-period",
      "--access-log", "--cors-origins", "--cache-entries", "--max-keyframes", "--workers",
      "--max-gesture-samples", "MAX_GESTURE_SPAN", "--worker-nice", "WORKER_NICE",
    ] {
      XCTAssertTrue(help.stdoutText.contains(name), name)
    }
    let bad = try BinaryRunner.run(["serve", "--port", "70000"])
    XCTAssertEqual(bad.status, 64)
    XCTAssertTrue(bad.stderrText.contains("--port"))
    let badEnv = try BinaryRunner.run(["serve"], environment: ["HEAD_TIMEOUT": "soon"])
    XCTAssertEqual(badEnv.status, 64)
    XCTAssertTrue(badEnv.stderrText.contains("HEAD_TIMEOUT"))
    // WORKERS is bounded: its threads start at once (a huge count would exhaust the machine's
    // threads); the refusal names the bound.
    let tooMany = try BinaryRunner.run(
      ["serve", "--port", "0"], environment: ["WORKERS": "100000"])
    XCTAssertEqual(tooMany.status, 64)
    XCTAssertTrue(tooMany.stderrText.contains("WORKERS=100000"), tooMany.stderrText)
    XCTAssertTrue(tooMany.stderrText.contains("1 to 256"), tooMany.stderrText)
    let badNice = try BinaryRunner.run(["serve", "--port", "0", "--worker-nice", "20"])
    XCTAssertEqual(badNice.status, 64)
    XCTAssertTrue(badNice.stderrText.contains("0 to 19"), badNice.stderrText)

    // MAX_BODY_BYTES from the environment is enforced, and a flag wins over it.
    let server = try ServerProcess(
      arguments: ["--max-body-bytes", "100"], environment: ["MAX_BODY_BYTES": "50000"])
    let client = try RawClient(port: server.port)
    client.send(
      "POST /v1/plans HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n"
    )
    XCTAssertEqual(try client.readResponse().status, 413)

    // WORKER_NICE reaches the worker threads (field 19 of /proc/PID/task/TID/stat): they run
    // that many levels below the event loops.
    let niced = try ServerProcess(environment: ["WORKER_NICE": "7"])
    var niceByName: [String: Set<Int>] = [:]
    let tasks = "/proc/\(niced.process.processIdentifier)/task"
    for tid in try FileManager.default.contentsOfDirectory(atPath: tasks) {
      let stat = try String(contentsOfFile: "\(tasks)/\(tid)/stat", encoding: .utf8)
      let name = String(stat.split(separator: "(", maxSplits: 1)[1].split(separator: ")")[0])
      let fields = stat.split(separator: ")").last!.split(separator: " ")
      niceByName[name, default: []].insert(Int(fields[16])!)  // field 19 counted from 1
    }
    let loopNice = try XCTUnwrap(niceByName["http.loop.0"]?.first, "\(niceByName)")
    XCTAssertEqual(niceByName["http.worker"], [min(19, loopNice + 7)], "\(niceByName)")

    // A gesture limit from the environment is enforced on /v1/interactions.
    let limited = try ServerProcess(environment: ["MAX_GESTURE_SAMPLES": "2"])
    let body =
      #"{"transition":{"style":"cartSheet","operation":"dismiss","container":{"width":390,"height":844}},"gesture":{"direction":"downward","samples":[{"t":0,"x":0,"y":0,"state":"began"},{"t":0.1,"x":0,"y":50,"state":"changed"},{"t":0.2,"x":0,"y":90,"state":"ended"}]}}"#
    let gesture = try RawClient(port: limited.port)
    gesture.send(
      "POST /v1/interactions HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    )
    let answer = try gesture.readResponse()
    XCTAssertEqual(answer.status, 422)
    XCTAssertTrue(answer.text.contains("/gesture/samples"), answer.text)
  }

  // SIGHUP drains like SIGTERM; SIGQUIT ends the process by its default action, without the
  // runtime's crash report.
  func testSIGHUPDrainsAndSIGQUITQuitsWithoutACrashReport() throws {
    let hup = try ServerProcess()
    hup.signal(SIGHUP)
    XCTAssertEqual(hup.waitForExit(timeout: 15), 0)
    XCTAssertTrue(
      hup.logLines.contains { $0.contains("\"event\":\"draining\",\"signal\":\(SIGHUP)") })
    XCTAssertTrue(hup.logLines.contains { $0.contains("\"event\":\"stopped\"") })

    let quit = try ServerProcess()
    quit.signal(SIGQUIT)
    XCTAssertNotNil(quit.waitForExit(timeout: 15), "SIGQUIT must end the process")
    XCTAssertEqual(quit.process.terminationReason, .uncaughtSignal)
    XCTAssertEqual(quit.process.terminationStatus, SIGQUIT)
    usleep(100_000)
    XCTAssertFalse(
      quit.logLines.contains { $0.contains("crashed") }, quit.logLines.joined(separator: "\n"))
  }

  func testSIGTERMDuringABurstLosesNoRequestAlreadySent() throws {
    let server = try ServerProcess(arguments: ["--access-log", "off"])
    let body =
      #"{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":120}"#
    var clients: [RawClient] = []
    for i in 0..<16 {
      let c = try RawClient(port: server.port)
      var burst = ""
      for j in 0..<6 {
        // Vary the request so each one is planned, not served from the cache.
        let b = body.replacingOccurrences(of: "\"x\":16", with: "\"x\":\(i * 10 + j)")
        burst +=
          "POST /v1/plans HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(b.utf8.count)\r\n\r\n\(b)"
      }
      c.send(burst)
      clients.append(c)
    }
    server.signal(SIGTERM)
    var answered = 0
    for (ci, c) in clients.enumerated() {
      for j in 0..<6 {
        let r: RawClient.Response
        do { r = try c.readResponse(timeout: 15) } catch {
          XCTFail("client \(ci) request \(j): \(error); answered so far \(answered)")
          throw error
        }
        XCTAssertEqual(r.status, 200)
        if j == 5 && !r.closes {
          // Answered in full before the signal landed: idle at the drain, closed silently.
          XCTAssertTrue(c.closesQuietly(timeout: 5), "client \(ci) stays open after the drain")
        }
        answered += 1
      }
    }
    XCTAssertEqual(answered, 96)
    XCTAssertEqual(server.waitForExit(timeout: 15), 0)
    XCTAssertTrue(server.logLines.contains { $0.contains("\"event\":\"stopped\"") })
    // Nothing listens any more.
    XCTAssertThrowsError(try RawClient(port: server.port))
  }
}
