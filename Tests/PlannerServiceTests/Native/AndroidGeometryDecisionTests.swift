import XCTest

@testable import PlannerService

/// docs/NATIVE.md 4.3 and 5.1: Android's geometry rows by the layer's class and how its frame
/// and transform tracks move, row by row of ``AndroidGeometryDecision``'s table.
final class AndroidGeometryDecisionTests: XCTestCase {
  typealias Move = AndroidGeometryDecision.Move
  typealias Decide = (AndroidPlatform.Geometry, Move?, Move?) -> AndroidGeometryDecision

  static let plain = Move(kind: .plain)
  static let arc = Move(kind: .plain, arc: true)
  static let spring = Move(kind: .spring)
  static let springArc = Move(kind: .spring, arc: true)
  static let outside = Move(kind: .springOutsideClass)
  static let additive = Move(kind: .additive)
  static let additiveArc = Move(kind: .additive, arc: true)

  /// (class, frame, transform) -> rows, the frame's reason, the transform's.
  static let table:
    [(
      AndroidPlatform.Geometry, Move?, Move?, AndroidGeometryDecision.Rows, NativeMeta.Reason?,
      NativeMeta.Reason?
    )] = [
      (.translation, nil, nil, .none, nil, nil),
      (.matrix, nil, nil, .none, nil, nil),
      (.translation, plain, nil, .exact, nil, nil),
      (.scale, arc, nil, .arc, .arc, nil),
      (.translation, spring, nil, .exact, nil, nil),
      (.translation, springArc, nil, .exact, nil, nil),
      (.scale, additive, nil, .sampled, .additive, nil),
      (.translation, additiveArc, nil, .sampled, .arc, nil),
      (.scale, nil, plain, .exact, nil, nil),
      (.translation, nil, spring, .exact, nil, nil),
      (.scale, nil, outside, .sampled, nil, .transform),
      (.translation, nil, additive, .sampled, nil, .additive),
      (.scale, plain, plain, .sampled, .combined, .combined),
      (.translation, arc, spring, .sampled, .arc, .combined),
      (.scale, additive, plain, .sampled, .combined, .combined),
      (.matrix, plain, nil, .sampled, .combined, nil),
      (.matrix, arc, nil, .sampled, .arc, nil),
      (.matrix, nil, plain, .sampled, nil, .transform),
      (.matrix, nil, additive, .sampled, nil, .additive),
      (.matrix, additive, plain, .sampled, .combined, .transform),
      (.matrix, plain, additive, .sampled, .combined, .combined),
    ]

  static func mismatches(_ decide: Decide) -> [String] {
    table.compactMap { g, frame, transform, rows, frameReason, transformReason in
      let d = decide(g, frame, transform)
      let expected = AndroidGeometryDecision(
        rows: rows, frameReason: frameReason, transformReason: transformReason)
      return d == expected
        ? nil : "\(g) \(String(describing: frame)) \(String(describing: transform)): \(d)"
    }
  }

  func testEveryRowOfTheTable() {
    XCTAssertEqual(Self.mismatches(AndroidGeometryDecision.decide), [])
  }

  /// Negative controls: a table that names the transform's reason for the frame, or writes
  /// an arc exactly, is caught.
  func testAWrongTableIsCaught() {
    let swapped: Decide = { g, f, t in
      var d = AndroidGeometryDecision.decide(g, frame: f, transform: t)
      swap(&d.frameReason, &d.transformReason)
      return d
    }
    XCTAssertGreaterThan(Self.mismatches(swapped).count, 5)
    let arcExact: Decide = { g, f, t in
      var d = AndroidGeometryDecision.decide(g, frame: f, transform: t)
      if d.rows == .arc { d = .init(rows: .exact) }
      return d
    }
    XCTAssertEqual(Self.mismatches(arcExact).count, 1)
  }
}
