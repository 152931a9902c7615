import Foundation
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// `android` documents played by Android's own animation classes, built from Debian's source
/// by scripts/stages/android-check.sh, which runs these tests with ANDROID_CHECK_DIR set (the
/// plain `swift test` run skips them: it has no platform build). docs/NATIVE.md 10.
final class AndroidPlatformPlaybackTests: XCTestCase {
  /// The platform's measured deviations (docs/NATIVE.md 4.5 gives each with its command).
  static let bounds = AndroidPlatformCheck.Bounds(
    polyline: 0.0029, springLength: 0.7, springOpacity: 0.01, floatOpacity: 1e-5)

  var directory: URL {
    get throws {
      guard let path = ProcessInfo.processInfo.environment["ANDROID_CHECK_DIR"] else {
        throw XCTSkip("run by scripts/stages/android-check.sh (ANDROID_CHECK_DIR)")
      }
      return URL(fileURLWithPath: path)
    }
  }

  /// The native conformance tests' own plan requests, written for the stage to export and play.
  func testWriteTheConformancePlanRequests() throws {
    let requests = try directory.appendingPathComponent("requests")
    try FileManager.default.createDirectory(at: requests, withIntermediateDirectories: true)
    for (name, text) in NativeExportTests.extraPlans {
      XCTAssertNoThrow(try ExportFixtures.plan(json: text), name)
      let slug = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
      try Data(text.utf8).write(
        to: requests.appendingPathComponent("conformance-\(String(slug)).json"))
    }
  }

  /// PathInterpolator's polylines as the platform built them (the player's polylines.json, the
  /// documents' curves and some named ones): our model gives the same floats, and on the
  /// documents' curves their gap to the exact cubic is within the bound.
  func testOurFlattenedBezierIsThePlatformsPolyline() throws {
    let file = try directory.appendingPathComponent("played/polylines.json")
    let polylines = try XCTUnwrap(try JSONParser.parse(Array(Data(contentsOf: file))).array)
    XCTAssertGreaterThanOrEqual(polylines.count, 10)
    var worst = (used: 0.0, any: 0.0)
    // The comparison can fail: at a tolerance of 0.0025 the model's polylines are not the platform's.
    var coarserDiffers = 0
    for p in polylines {
      let curve = try XCTUnwrap(p["curve"]?.array).map { try XCTUnwrap($0.number) }
      let xs = try XCTUnwrap(p["xs"]?.array).map { Float(try XCTUnwrap($0.number)) }
      let ys = try XCTUnwrap(p["ys"]?.array).map { Float(try XCTUnwrap($0.number)) }
      let model = NativeCurves.FlattenedBezier(curve)
      XCTAssertEqual(model.xs, xs, "\(curve): x of the platform's polyline")
      XCTAssertEqual(model.ys, ys, "\(curve): y of the platform's polyline")
      if NativeCurves.FlattenedBezier(curve, precision: 0.0025).xs != xs { coarserDiffers += 1 }
      var gap = 0.0
      for i in 0...20_000 {
        let x = Double(i) / 20_000
        gap = max(gap, abs(model(x) - NativeCurves.bezier(curve, x)))
      }
      let used = p["inDocuments"] == .bool(true)
      print(
        "android: polyline \(curve)\(used ? " (in the documents)" : ""): \(xs.count) points, our model's the same, largest gap to the cubic \(gap)"
      )
      worst.any = max(worst.any, gap)
      if used { worst.used = max(worst.used, gap) }
    }
    print(
      "android: PathInterpolator's polyline vs the exact cubic: largest gap \(worst.used) of the distance on the documents' curves (bound \(Self.bounds.polyline)), \(worst.any) on every curve tried"
    )
    XCTAssertLessThanOrEqual(worst.used, Self.bounds.polyline)
    XCTAssertGreaterThan(coarserDiffers, polylines.count / 2, "a coarser model must differ")
    print(
      "android: negative control: at precision 0.0025 the model differs from the platform on \(coarserDiffers) of \(polylines.count) curves"
    )
  }

  /// The plan a manifest line's request makes: a plan, or a pan interaction's transition.
  static func plan(kind: String, request path: String) throws -> PlanReference? {
    let service = PlanningService()
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    switch kind {
    case "plan":
      let plan = try service.decodePlanRequest(bytes).flatMap(service.plan).get()
      return PlanReference(plan.choreography, timing: plan.timing)
    case "interaction":
      let answer = try service.decodeInteractionRequest(bytes).flatMap(service.interact).get()
      guard let plan = answer as? PanPlan else { return nil }
      return PlanReference(plan.choreography, timing: plan.timing)
    default:
      return nil
    }
  }

  /// Every played document (manifest.tsv: name, pass|fail, reference document, played name,
  /// plan|interaction, request)
  /// at 60, 90 and 120 Hz against its reference; the `fail` ones are the negative controls.
  func testPlatformPlayedDocumentsShowTheirPlans() throws {
    let dir = try directory
    let manifest = try String(
      contentsOf: dir.appendingPathComponent("manifest.tsv"), encoding: .utf8)
    var total = AndroidPlatformCheck.Result()
    var controls = 0
    var plans = 0
    for line in manifest.split(separator: "\n") {
      let f = line.split(separator: "\t").map(String.init)
      let (name, expect, referencePath, playedName) = (f[0], f[1], f[2], f[3])
      let reference = try AndroidPlayback(
        Array(Data(contentsOf: URL(fileURLWithPath: referencePath))))
      var check = AndroidPlatformCheck(reference: reference, bounds: Self.bounds)
      check.plan = try Self.plan(kind: f[4], request: f[5])
      if check.plan != nil { plans += 1 }
      var result = AndroidPlatformCheck.Result()
      for hz in [60, 90, 120] {
        let played = dir.appendingPathComponent("played/\(playedName).\(hz).json")
        try check.check(played: Array(Data(contentsOf: played)), "\(name) \(hz) Hz", into: &result)
      }
      if expect == "fail" {
        controls += 1
        XCTAssertFalse(result.failures.isEmpty, "negative control \(name) passed")
        print(
          "android: negative control \(name): caught (\(result.failures.count) deviations over their bounds, first: \(result.failures.first ?? "-"))"
        )
        continue
      }
      XCTAssertTrue(result.failures.isEmpty, "\(name): \(result.failures.prefix(5))")
      for (kind, w) in result.worst where w.ratio > (total.worst[kind]?.ratio ?? -1) {
        total.worst[kind] = w
      }
      for (hz, lags) in result.startLags { total.startLags[hz, default: []].formUnion(lags) }
      if result.roundingShift.deviation > total.roundingShift.deviation {
        total.roundingShift = result.roundingShift
      }
      total.frames += result.frames
    }
    XCTAssertEqual(controls, 2, "the two negative controls")
    print(
      "android: \(total.frames) frames compared with the documents, and for \(plans) of the documents with their plans' exact states"
    )
    for kind in total.worst.keys.sorted() {
      print("android: largest deviation, \(kind) rows: \(total.worst[kind]!)")
    }
    for hz in total.startLags.keys.sorted() {
      print(
        "android: \(hz) Hz: the set starts \(total.startLags[hz]!.sorted()) ms after the frame it was started on"
      )
    }
    print(
      "android: rounded to whole milliseconds instead, the rows would move by up to \(total.roundingShift.deviation) (\(total.roundingShift.at))"
    )
  }
}
