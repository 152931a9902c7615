import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The keyframe times' text, shared between plans on the same grid: the same bytes as
/// formatting each time, remembered for a bounded number of grids.
final class TimeGridTextTests: XCTestCase {
  func testTheTextIsEachTimeFormattedInTurn() {
    let times = FrameGrid.times(duration: 0.35, frameRate: 60)
    let grid = TimeGridText.of(times)
    XCTAssertEqual(grid.ends.count, times.count)
    var start = 0
    for (t, end) in zip(times, grid.ends) {
      var expected = JSONWriter(capacity: 32)
      expected.number(t)
      XCTAssertEqual(Array(grid.text[start..<end]), expected.bytes, "\(t)")
      start = end
    }
    XCTAssertEqual(start, grid.text.count)
  }

  // The remembered text is a pure function of the times' bits: asking again gives the same
  // bytes whether or not the grid is still remembered (other tests share the memory).
  func testAGridGivesTheSameTextEachTimeAndTheNumberOfGridsIsBounded() {
    let times = FrameGrid.times(duration: 0.7, frameRate: 30)
    let first = TimeGridText.of(times)
    let again = TimeGridText.of(times)
    XCTAssertEqual(again.text, first.text)
    XCTAssertEqual(again.ends, first.ends)
    // A grid that differs in one time only gets its own text.
    var shifted = times
    shifted[shifted.count - 1] = shifted[shifted.count - 1].nextUp
    let other = TimeGridText.of(shifted)
    XCTAssertNotEqual(other.text, first.text)
    XCTAssertEqual(other.times.last?.bitPattern, shifted.last?.bitPattern)
    for rate in 1...(TimeGridText.capacity + 4) {
      _ = TimeGridText.of(FrameGrid.times(duration: 1, frameRate: rate))
    }
    XCTAssertLessThanOrEqual(TimeGridText.rememberedCount, TimeGridText.capacity)
  }
}
