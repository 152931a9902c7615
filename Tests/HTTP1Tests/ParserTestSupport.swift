import HTTP1
import XCTest

/// Feeds `chunks` to a fresh parser, pulling parts after each append, and merges adjacent body
/// parts so that results do not depend on how the bytes were split.
func parse(chunks: [[UInt8]], limits: HTTPParserLimits = .init()) throws(HTTPParseError)
  -> [HTTPRequestPart]
{
  var parser = HTTPRequestParser(limits: limits)
  var parts: [HTTPRequestPart] = []
  for chunk in chunks {
    parser.append(chunk)
    while let part = try parser.next() {
      if case .body(let more) = part, case .body(let previous)? = parts.last {
        parts[parts.count - 1] = .body(previous + more)
      } else {
        parts.append(part)
      }
    }
  }
  return parts
}

func parse(_ text: String, limits: HTTPParserLimits = .init()) throws(HTTPParseError)
  -> [HTTPRequestPart]
{
  try parse(chunks: [Array(text.utf8)], limits: limits)
}

/// The heads among parsed parts.
func heads(_ parts: [HTTPRequestPart]) -> [HTTPRequestHead] {
  parts.compactMap { if case .head(let h) = $0 { return h } else { return nil } }
}

func singleHead(
  _ text: String, limits: HTTPParserLimits = .init(), file: StaticString = #filePath,
  line: UInt = #line
) throws -> HTTPRequestHead {
  let parts = try parse(text, limits: limits)
  guard case .head(let head)? = parts.first else {
    XCTFail("no head parsed", file: file, line: line)
    throw HTTPParseError(status: 0, reason: "no head")
  }
  return head
}

/// Asserts that parsing `text` fails with `status`.
func assertParseError(
  _ text: String, status: Int, limits: HTTPParserLimits = .init(), file: StaticString = #filePath,
  line: UInt = #line
) {
  assertParseError(bytes: Array(text.utf8), status: status, limits: limits, file: file, line: line)
}

func assertParseError(
  bytes: [UInt8], status: Int, limits: HTTPParserLimits = .init(), file: StaticString = #filePath,
  line: UInt = #line
) {
  do {
    let parts = try parse(chunks: [bytes], limits: limits)
    XCTFail("expected \(status), parsed \(parts)", file: file, line: line)
  } catch {
    XCTAssertEqual(error.status, status, "reason: \(error.reason)", file: file, line: line)
    XCTAssertFalse(error.reason.isEmpty, file: file, line: line)
  }
}
