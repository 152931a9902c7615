import Foundation
import JSON
import PlannerClient
import PlannerService
import TestSupport
import XCTest

/// `POST /v1/interactions` through libcurl against the live server: each policy, each error class.
final class InteractionIntegrationTests: IntegrationTestCase {
  func number(_ v: JSONValue?) -> Double? {
    if case .number(let n) = v { return n }
    return nil
  }

  func testEachPolicyDecidesAndReportsItsFigures() throws {
    let cases: [(String, String, String, [String])] = [
      ("interaction-slow-drag", "threshold", "finish", ["threshold"]),
      (
        "interaction-fast-flick", "projected", "finish",
        ["decelerationRate", "projection", "projectedProgress"]
      ),
      ("interaction-drag-back", "system", "cancel", ["score", "limit"]),
      ("interaction-cancelled", "threshold", "cancel", ["threshold"]),
    ]
    for (name, policy, decision, figures) in cases {
      let answer = try client.interact(try example(name))
      let json = answer.json
      XCTAssertEqual(answer.exchange.status, 200, name)
      XCTAssertEqual(answer.exchange.header("Cache-Control"), "no-store")
      XCTAssertEqual(json["decision"], .string(decision), name)
      XCTAssertEqual(json["reason"]?["policy"], .string(policy), name)
      for key in figures + ["progress", "velocity", "acceleration"] {
        XCTAssertNotNil(number(json["reason"]?[key]), "\(name): reason.\(key)")
      }
      // The timeline ends when the completion does, and the last keyframe is the plan's end
      // state (finish) or start state (cancel): the snapshot is at the source or destination.
      let completion = try XCTUnwrap(json["completion"])
      XCTAssertEqual(completion["to"], .number(decision == "finish" ? 1 : 0), name)
      guard case .array(let layers) = json["layers"],
        let snapshot = layers.first(where: { $0["id"] == .string("snapshot") }),
        case .array(let frames) = snapshot["keyframes"]
      else { return XCTFail("\(name): no snapshot keyframes") }
      XCTAssertEqual(frames.last?["t"], json["duration"], name)
      let request = try JSONParser.parse(Array(try example(name).utf8))
      let end =
        decision == "finish"
        ? request["transition"]?["source"] : request["transition"]?["destination"]
      XCTAssertEqual(frames.last?["frame"], end, name)
      guard case .array(let endActions) = json["actions"]?[decision] else {
        return XCTFail("\(name): no \(decision) actions")
      }
      XCTAssertEqual(endActions.first?["t"], json["duration"])
    }
  }

  func testTheSameFlickFinishesUnderProjectedAndCancelsUnderThreshold() throws {
    let flick = try example("interaction-fast-flick")
    let underThreshold = flick.replacingOccurrences(
      of: #""policy": "projected", "decelerationRate": 0.998"#, with: #""policy": "threshold""#)
    XCTAssertNotEqual(underThreshold, flick, "the example's release object changed shape")
    XCTAssertEqual(try client.interact(flick).json["decision"], .string("finish"))
    XCTAssertEqual(try client.interact(underThreshold).json["decision"], .string("cancel"))
  }

  func testEachErrorClass() throws {
    // 422 naming the bad samples by pointer, all of them.
    let bad =
      #"{"transition":{"style":"zoom","operation":"pop","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390}},"gesture":{"samples":[{"t":0,"x":0,"y":0,"state":"began"},{"t":0.5,"x":10,"y":0,"state":"changed"},{"t":0.2,"x":20,"y":0,"state":"changed"},{"t":0.3,"x":"far","y":0,"state":"ended"}]}}"#
    let invalid = problem { try self.client.interact(bad) }
    XCTAssertEqual(invalid?.status, 422)
    let pointers = invalid?.errors.map(\.pointer) ?? []
    XCTAssertTrue(pointers.contains("/gesture/samples/2/t"), "\(pointers)")
    XCTAssertTrue(pointers.contains("/gesture/samples/3/x"), "\(pointers)")
    // 20,000 invalid fields over the socket: the first 100 listed, the total counted.
    let many = String(decoding: ManyInvalidFields.interaction(samples: 10_000), as: UTF8.self)
    let bounded = problem { try self.client.interact(many) }
    XCTAssertEqual(bounded?.status, 422)
    XCTAssertEqual(bounded?.errorCount, 20_000)
    XCTAssertEqual(bounded?.errors.map(\.pointer), ManyInvalidFields.firstPointers(100))
    XCTAssertEqual(invalid?.errorCount, invalid?.errors.count)
    // 422 inside the transition, 400 for bad JSON, 415, 405.
    let transition = problem {
      try self.client.interact(#"{"transition":{"style":"zoom"},"gesture":{"samples":[]}}"#)
    }
    XCTAssertTrue(transition?.errors.contains { $0.pointer.hasPrefix("/transition/") } ?? false)
    XCTAssertEqual(problem { try self.client.interact("{") }?.status, 400)
    XCTAssertEqual(
      try client.send("POST", "/v1/interactions", headers: ["Content-Type: text/csv"], body: [0x7B])
        .status, 415)
    let flick = Array(try example("interaction-fast-flick").utf8)
    XCTAssertEqual(
      try client.send(
        "POST", "/v1/interactions",
        headers: ["Content-Type: application/json", "Accept: text/csv"], body: flick
      ).status, 406)
    let tooBig = try client.send(
      "POST", "/v1/interactions", headers: ["Content-Type: application/json"],
      body: [UInt8](repeating: 0x20, count: 2 * 1024 * 1024))
    XCTAssertEqual(tooBig.status, 413)
    XCTAssertLessThan(tooBig.bytesSent, 1024 * 1024)
    let get = try client.send("GET", "/v1/interactions")
    XCTAssertEqual(get.status, 405)
    XCTAssertEqual(get.header("Allow"), "POST, OPTIONS")
  }
}
