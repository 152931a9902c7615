/// request-line = method SP request-target SP HTTP-version (RFC 9112 section 3).
struct RequestLine {
  var method: Range<Int>
  var target: Range<Int>
  var version: HTTPVersion

  static func parse(
    _ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int
  ) throws(HTTPParseError) -> RequestLine {
    var i = a
    let token = ASCII.tokenTable
    while i < b && token[Int(p[i])] { i += 1 }
    guard i > a, i < b, p[i] == ASCII.sp else {
      throw .badRequest("malformed request-line: the method is not a token followed by one space")
    }
    let method = a..<i
    i += 1
    let targetStart = i
    while i < b && p[i] != ASCII.sp {
      // VCHAR only: no controls, no DEL, no raw non-ASCII (clients percent-encode those).
      guard p[i] > 0x20 && p[i] < 0x7F else {
        throw .badRequest("malformed request-line: invalid character in the request-target")
      }
      i += 1
    }
    guard i > targetStart else {
      throw .badRequest("malformed request-line: empty request-target")
    }
    guard i < b else {
      throw .badRequest("malformed request-line: missing HTTP version")
    }
    let target = targetStart..<i
    let version = try parseVersion(p, i + 1, b)
    return RequestLine(method: method, target: target, version: version)
  }

  /// HTTP-version = "HTTP/" DIGIT "." DIGIT, case-sensitive. Something that is still a version
  /// (`HTTP/2.0`, `HTTP/2`, `HTTP/0.9`) gets 505; anything else is a malformed line (400).
  static func parseVersion(
    _ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int
  ) throws(HTTPParseError) -> HTTPVersion {
    let prefix: [UInt8] = Array("HTTP/".utf8)
    guard b - a > prefix.count else {
      throw .badRequest("malformed request-line: invalid HTTP version")
    }
    for k in 0..<prefix.count where p[a + k] != prefix[k] {
      throw .badRequest("malformed request-line: invalid HTTP version")
    }
    let v = a + prefix.count
    if b - v == 3 && p[v + 1] == UInt8(ascii: ".") && p[v] == UInt8(ascii: "1") {
      if p[v + 2] == UInt8(ascii: "1") { return .http11 }
      if p[v + 2] == UInt8(ascii: "0") { return .http10 }
    }
    // Looks like a version at all? 1*DIGIT [ "." 1*DIGIT ]
    var i = v
    var digits = 0
    while i < b && ASCII.isDigit(p[i]) {
      i += 1
      digits += 1
    }
    var ok = digits > 0
    if ok && i < b {
      if p[i] == UInt8(ascii: ".") {
        i += 1
        var minor = 0
        while i < b && ASCII.isDigit(p[i]) {
          i += 1
          minor += 1
        }
        ok = minor > 0 && i == b
      } else {
        ok = false
      }
    }
    if ok {
      throw HTTPParseError(
        status: 505, reason: "HTTP version not supported (only HTTP/1.1 and HTTP/1.0)")
    }
    throw .badRequest("malformed request-line: invalid HTTP version")
  }
}
