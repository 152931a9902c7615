import Foundation
import JSON
import PlannerClient
import PlannerService
import XCTest

/// `POST /v1/interactions` with `back` and `dragDismiss` (docs/GESTURES.md) through libcurl
/// against the live server: the answers are the service's own bytes, the laws hold on what
/// arrives, errors come back by pointer, and the kinds are served side by side.
final class GestureIntegrationTests: IntegrationTestCase {
  static let names = [
    "interaction-back-cross-activity", "interaction-back-retry",
    "interaction-back-shared-element", "interaction-back-full-screen",
    "interaction-drag-dismiss", "interaction-drag-dismiss-hero",
  ]

  func testEveryExampleArrivesAsTheServiceComputesIt() throws {
    for name in Self.names {
      let request = try example(name)
      let answer = try client.interact(request)
      XCTAssertEqual(answer.exchange.status, 200, name)
      XCTAssertEqual(answer.exchange.header("Cache-Control"), "no-store", name)
      XCTAssertEqual(
        answer.exchange.body, try PlanningService().interactionBody(Array(request.utf8)).get(), name
      )
      let json = answer.json
      let kind = name.contains("back") ? "back" : "dragDismiss"
      XCTAssertEqual(json["kind"], .string(kind), name)
      // Progress stays in [0, 1]; every layer's last keyframe is at the answer's end.
      guard case .array(let progress) = json["progress"],
        case .array(let layers) = json["layers"]
      else { return XCTFail("\(name): no progress or layers") }
      for entry in progress {
        let p = try XCTUnwrap(entry["progress"]?.number, name)
        XCTAssertTrue((0...1).contains(p), "\(name): progress \(p)")
      }
      for layer in layers {
        XCTAssertEqual(layer["keyframes"]?.array?.last?["t"], json["duration"], name)
      }
    }
  }

  func testBackCommitAndCancelEndAtThePlansEnds() throws {
    // The zoom pop's snapshot: at the source when committed, at the destination when cancelled.
    let request = try example("interaction-back-cross-activity")
    let committed = try client.interact(request).json
    XCTAssertEqual(committed["decision"], .string("finish"))
    let source = try JSONParser.parse(Array(request.utf8))["transition"]?["source"]
    let destination = try JSONParser.parse(Array(request.utf8))["transition"]?["destination"]
    XCTAssertEqual(snapshotFrames(committed).last?["frame"], source)
    XCTAssertEqual(snapshotFrames(committed).last?["cornerRadius"], nil)
    let cancelledRequest = request.replacingOccurrences(
      of: #""state": "invoked""#, with: #""state": "cancelled""#)
    XCTAssertNotEqual(cancelledRequest, request)
    let cancelled = try client.interact(cancelledRequest).json
    XCTAssertEqual(cancelled["decision"], .string("cancel"))
    XCTAssertEqual(cancelled["completion"]?["curve"], .string("spring"))
    XCTAssertEqual(snapshotFrames(cancelled).last?["frame"], destination)
    XCTAssertEqual(
      cancelled["actions"]?["cancel"]?.array?.last?["target"]?["layer"], .string("backScrim"))
    // The vertical follow never takes the closing window past the 8 pt margin: its top stays
    // at or below min(8, the unfollowed top H (1 - s) / 2), its bottom likewise above the
    // container's, and horizontally it stays inside the container (the preview's keyframes).
    guard case .array(let layers) = committed["layers"],
      case .array(let fromView) = layers.first(where: { $0["id"] == .string("fromView") })?[
        "keyframes"]
    else { return XCTFail("no fromView") }
    let release = try XCTUnwrap(committed["progress"]?.array?.last?["t"]?.number)
    var checked = 0
    for frame in fromView where (frame["t"]?.number ?? .infinity) <= release {
      guard case .array(let m) = frame["transform"], let s = m[0].number, s < 1,
        let tx = m[12].number, let ty = m[13].number
      else { continue }
      // Scaled about the centre (anchor 0.5), then translated.
      let left = 195 * (1 - s) + tx
      let top = 422 * (1 - s) + ty
      let margin = min(8, 844 * (1 - s) / 2)
      XCTAssertGreaterThanOrEqual(left, -1e-6)
      XCTAssertLessThanOrEqual(left + 390 * s, 390 + 1e-6)
      XCTAssertGreaterThanOrEqual(top, margin - 1e-6, "t \(frame["t"]?.number ?? -1)")
      XCTAssertLessThanOrEqual(top + 844 * s, 844 - margin + 1e-6, "t \(frame["t"]?.number ?? -1)")
      checked += 1
    }
    XCTAssertGreaterThan(checked, 10)
  }

  func testDragDismissFollowsAndSpringsWithTheReleaseVelocity() throws {
    let answer = try client.interact(try example("interaction-drag-dismiss")).json
    XCTAssertEqual(answer["decision"], .string("finish"))
    let spring = try XCTUnwrap(answer["completion"]?["spring"])
    let release = try XCTUnwrap(answer["progress"]?.array?.last?["t"]?.number)
    let frames = snapshotFrames(answer)
    // The release keyframe is the spring's start.
    let atRelease = try XCTUnwrap(frames.first { $0["t"]?.number == release })
    XCTAssertEqual(atRelease["frame"], spring["from"])
    XCTAssertEqual(frames.last?["frame"], spring["to"])
    // At 240 fps the keyframes after the release are 1/240 s apart: the second-order
    // one-sided difference of y there (-3 y0 + 4 y1 - y2) / 2h is the spring's start velocity,
    // which is the follow law's at the release.
    let fine = try example("interaction-drag-dismiss").replacingOccurrences(
      of: #""frameRate": 60"#, with: #""frameRate": 240"#)
    XCTAssertNotEqual(fine, try example("interaction-drag-dismiss"))
    let fineFrames = snapshotFrames(try client.interact(fine).json)
    let index = try XCTUnwrap(fineFrames.firstIndex { $0["t"]?.number == release })
    let y = { (i: Int) in fineFrames[index + i]["frame"]?["y"]?.number ?? .nan }
    let h = (fineFrames[index + 2]["t"]?.number ?? .nan) - release
    XCTAssertEqual(h, 2.0 / 240, accuracy: 1e-9)
    let slope = (-3 * y(0) + 4 * y(1) - y(2)) / h
    let v0 = try XCTUnwrap(spring["velocity"]?["y"]?.number)
    XCTAssertEqual(
      slope, v0, accuracy: abs(v0) * 0.03, "the completion leaves at the release velocity")
  }

  func testErrorsComeBackByPointer() throws {
    let request = try example("interaction-drag-dismiss").replacingOccurrences(
      of: #""kind": "dragDismiss""#, with: #""kind": "dragDismiss", "distance": 0"#)
    let invalid = problem { try self.client.interact(request) }
    XCTAssertEqual(invalid?.status, 422)
    XCTAssertEqual(invalid?.errors.map(\.pointer), ["/gesture/distance"])
    XCTAssertEqual(invalid?.errors.first?.message, "must be >= 1 and <= 10000000")
    let unknown = problem {
      try self.client.interact(
        try self.example("interaction-back-retry").replacingOccurrences(
          of: #""kind": "back""#, with: #""kind": "fling""#))
    }
    XCTAssertEqual(unknown?.errors.map(\.pointer), ["/gesture/kind"])
    XCTAssertEqual(unknown?.errors.first?.message, "must be one of pan, back, dragDismiss")
  }

  /// Both kinds and a pan at once, each thread with its own libcurl client (blocking calls
  /// on threads): every answer is the one a lone request gets.
  func testKindsAreServedSideBySide() throws {
    let names = Self.names + ["interaction-fast-flick"]
    let requests = try names.map { try example($0) }
    let expected = try requests.map { try client.interact($0).exchange.body }
    let baseURL = "http://127.0.0.1:\(port)"
    let lock = NSLock()
    nonisolated(unsafe) var bodies: [Int: [[UInt8]]] = [:]
    nonisolated(unsafe) var failures: [String] = []
    let group = DispatchGroup()
    for (i, request) in requests.enumerated() {
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        do {
          let client = try PlannerClient(baseURL: baseURL)
          for _ in 0..<3 {
            let body = try client.interact(request).exchange.body
            lock.lock()
            bodies[i, default: []].append(body)
            lock.unlock()
          }
        } catch {
          lock.lock()
          failures.append("\(names[i]): \(error)")
          lock.unlock()
        }
      }
      thread.start()
    }
    XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
    lock.lock()
    defer { lock.unlock() }
    XCTAssertEqual(failures, [])
    for (i, name) in names.enumerated() {
      XCTAssertEqual(bodies[i]?.count, 3, name)
      for body in bodies[i] ?? [] { XCTAssertEqual(body, expected[i], name) }
    }
  }

  private func snapshotFrames(_ answer: JSONValue) -> [JSONValue] {
    guard case .array(let layers) = answer["layers"],
      case .array(let frames) = layers.first(where: { $0["id"] == .string("snapshot") })?[
        "keyframes"]
    else { return [] }
    return frames
  }
}

extension JSONValue {
  fileprivate var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }
  fileprivate var array: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }
}
