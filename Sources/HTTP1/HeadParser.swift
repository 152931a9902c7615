/// Validates one complete request head (request-line, field lines, empty line) in a single pass
/// and derives framing, persistence and expectations from it.
///
/// Errors are ordered as docs/API.md "Errors" asks: malformed syntax, bad framing (400), unsupported
/// coding (501) and version (505) win over "too large" (431 / 414), so the checks for the latter
/// are remembered and thrown only after the whole head was found well-formed.
struct HeadParser {
  let p: UnsafeBufferPointer<UInt8>
  let start: Int
  /// One past the final LF of the empty line.
  let end: Int
  /// Number of non-empty lines (request-line + field lines).
  let lines: Int
  let limits: HTTPParserLimits

  init(
    bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, lines: Int, limits: HTTPParserLimits
  ) {
    self.p = bytes
    self.start = start
    self.end = end
    self.lines = lines
    self.limits = limits
  }

  static let hostName = Array("host".utf8)
  static let contentLengthName = Array("content-length".utf8)
  static let transferEncodingName = Array("transfer-encoding".utf8)
  static let connectionName = Array("connection".utf8)
  static let expectName = Array("expect".utf8)
  static let chunkedToken = Array("chunked".utf8)
  static let closeToken = Array("close".utf8)
  static let keepAliveToken = Array("keep-alive".utf8)
  static let continueToken = Array("100-continue".utf8)
  static let optionsMethod = Array("OPTIONS".utf8)
  static let connectMethod = Array("CONNECT".utf8)
  static let httpScheme = Array("http".utf8)
  static let httpsScheme = Array("https".utf8)

  func parse() throws(HTTPParseError) -> HTTPRequestHead {
    // Request line.
    let requestLineEnd = try lineEnd(from: start)
    let requestLine = try RequestLine.parse(p, start, requestLineEnd)
    let methodRange = requestLine.method
    let targetRange = requestLine.target
    let version = requestLine.version
    try checkTargetForm(method: methodRange, target: targetRange)

    var headers = HTTPHeaders()
    headers.reserveCapacity(lines - 1)
    var hostCount = 0
    var hostValue = 0..<0
    var contentLength: Int? = nil
    var contentLengthInvalid = false
    var contentLengthConflict = false
    var transferEncodingSeen = false
    var codings = TransferCodings()
    var connectionClose = false
    var connectionKeepAlive = false
    var expectContinue = false

    var pos = requestLineEnd + 2
    while true {
      let e = try lineEnd(from: pos)
      if e == pos { break }
      let field = try Self.fieldLine(p, pos, e)
      let name = field.name
      let value = field.value
      headers.add(
        name: string(name),
        value: string(value))
      switch name.count {
      case 4 where equalsLowercased(name, Self.hostName):
        hostCount += 1
        hostValue = value
      case 14 where equalsLowercased(name, Self.contentLengthName):
        parseContentLength(
          value, into: &contentLength, invalid: &contentLengthInvalid,
          conflict: &contentLengthConflict)
      case 17 where equalsLowercased(name, Self.transferEncodingName):
        transferEncodingSeen = true
        forEachListElement(value) {
          codings.add($0, isChunked: equalsLowercased($0, Self.chunkedToken))
        }
      case 10 where equalsLowercased(name, Self.connectionName):
        forEachListElement(value) { token in
          if equalsLowercased(token, Self.closeToken) { connectionClose = true }
          if equalsLowercased(token, Self.keepAliveToken) { connectionKeepAlive = true }
        }
      case 6 where equalsLowercased(name, Self.expectName):
        // RFC 9110 section 10.1.1. Other expectations are ignored (the server MAY answer 417;
        // we choose not to: an unknown expectation is harmless to a server that ignores it).
        forEachListElement(value) { token in
          if equalsLowercased(token, Self.continueToken) { expectContinue = true }
        }
      default:
        break
      }
      pos = e + 2
    }

    // RFC 9112 section 3.2: 400 for an HTTP/1.1 request without Host, and for any request with
    // more than one Host line or an invalid Host value.
    if hostCount > 1 { throw .badRequest("more than one Host header field") }
    if hostCount == 0 && version == .http11 {
      throw .badRequest("missing Host header field (required in HTTP/1.1)")
    }
    if hostCount == 1 && !isValidHost(hostValue) {
      throw .badRequest("invalid Host header field value")
    }

    // RFC 9112 section 6 (request smuggling defences).
    var framing = HTTPBodyFraming.none
    if transferEncodingSeen {
      if version == .http10 {
        throw .badRequest("Transfer-Encoding is not allowed in an HTTP/1.0 request")
      }
      if contentLength != nil || contentLengthInvalid {
        throw .badRequest("both Transfer-Encoding and Content-Length are present")
      }
      guard codings.count > 0, codings.finalIsChunked else {
        throw .badRequest("the final transfer coding is not chunked")
      }
      if codings.chunkedBeforeFinal {
        throw .badRequest("chunked is applied more than once")
      }
      if let unknown = codings.firstUnsupported {
        throw HTTPParseError(
          status: 501, reason: "transfer coding '\(string(unknown))' is not implemented")
      }
      framing = .chunked
    } else if contentLengthInvalid {
      throw .badRequest("Content-Length is not a decimal number")
    } else if contentLengthConflict {
      throw .badRequest("Content-Length repeated with different values")
    } else if let n = contentLength {
      framing = .contentLength(n)
    }

    if lines - 1 > limits.maximumHeaderCount {
      throw HTTPParseError(
        status: 431, reason: "more than \(limits.maximumHeaderCount) header fields")
    }
    if targetRange.count > limits.maximumTargetBytes {
      throw HTTPParseError(
        status: 414, reason: "request-target longer than \(limits.maximumTargetBytes) bytes")
    }

    let keepAlive: Bool
    switch version {
    case .http11: keepAlive = !connectionClose
    case .http10: keepAlive = connectionKeepAlive && !connectionClose
    }
    return HTTPRequestHead(
      method: string(methodRange),
      target: string(targetRange),
      version: version,
      headers: headers,
      keepAlive: keepAlive,
      // RFC 9110 section 10.1.1: a 100-continue expectation in HTTP/1.0 MUST be ignored.
      expectsContinue: expectContinue && version == .http11,
      framing: framing)
  }

  /// Index of the CR ending the line that starts at `from`. The head is known to end with
  /// CRLFCRLF and every LF to be preceded by CR, so the first CR is either the line end or a bare
  /// CR (RFC 9112 section 2.2: 400).
  private func lineEnd(from: Int) throws(HTTPParseError) -> Int {
    var i = from
    while p[i] != ASCII.cr { i += 1 }
    guard p[i + 1] == ASCII.lf else { throw .badRequest("bare CR in the request head") }
    return i
  }

  /// RFC 9112 section 3.2: origin-form, absolute-form (accepted for proxies' sake), asterisk-form
  /// only for `OPTIONS *`, authority-form only for CONNECT.
  private func checkTargetForm(method: Range<Int>, target: Range<Int>) throws(HTTPParseError) {
    let first = p[target.lowerBound]
    if first == ASCII.slash { return }
    if first == ASCII.asterisk && target.count == 1 {
      if equalsExactly(method, Self.optionsMethod) { return }
      throw .badRequest("the asterisk-form target '*' is only allowed with OPTIONS")
    }
    if equalsExactly(method, Self.connectMethod) { return }
    // absolute-form: scheme ":" hier-part, scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    if ASCII.isAlpha(first) {
      var i = target.lowerBound + 1
      while i < target.upperBound {
        let b = p[i]
        if b == ASCII.colon {
          guard i + 1 < target.upperBound else { break }
          // An HTTP server serves the http and https schemes only (RFC 9110 section 4.2);
          // `ftp://...` names a resource this server cannot have.
          if equalsLowercased(target.lowerBound..<i, Self.httpScheme)
            || equalsLowercased(target.lowerBound..<i, Self.httpsScheme)
          {
            return
          }
          throw .badRequest("an absolute-form target must use the http or https scheme")
        }
        guard ASCII.isAlpha(b) || ASCII.isDigit(b) || b == 43 || b == 45 || b == 46 else { break }
        i += 1
      }
    }
    try throwInvalidForm()
  }

  private func throwInvalidForm() throws(HTTPParseError) {
    throw .badRequest("request-target is neither origin-form, absolute-form nor asterisk-form")
  }

  /// A field line: token name, ":" with no whitespace before it, OWS-trimmed value of visible
  /// characters, SP, HTAB or obs-text (RFC 9112 section 5, RFC 9110 section 5.5).
  static func fieldLine(
    _ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int
  ) throws(HTTPParseError) -> (name: Range<Int>, value: Range<Int>) {
    if ASCII.isOWS(p[a]) {
      // RFC 9112 section 5.2: obs-fold is refused with 400 in a request.
      throw .badRequest("obsolete line folding (a field line starting with whitespace)")
    }
    var i = a
    // The table read once per line: read per byte, its `swift_once` ran for every byte.
    let token = ASCII.tokenTable
    while i < b && token[Int(p[i])] { i += 1 }
    guard i < b else { throw .badRequest("header field line without a colon") }
    guard p[i] == ASCII.colon else {
      if ASCII.isOWS(p[i]) {
        // RFC 9112 section 5.1: whitespace between name and colon MUST be rejected with 400.
        throw .badRequest("whitespace between a header field name and the colon")
      }
      throw .badRequest("invalid character in a header field name")
    }
    guard i > a else { throw .badRequest("empty header field name") }
    let nameEnd = i
    i += 1
    while i < b && ASCII.isOWS(p[i]) { i += 1 }
    var e = b
    while e > i && ASCII.isOWS(p[e - 1]) { e -= 1 }
    var j = i
    while j < e {
      guard ASCII.isFieldValueByte(p[j]) else {
        throw .badRequest(
          p[j] == 0
            ? "NUL in a header field value" : "control character in a header field value")
      }
      j += 1
    }
    return (a..<nameEnd, i..<e)
  }

  private func string(_ r: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: p[r]), as: UTF8.self)
  }

  private func equalsLowercased(_ r: Range<Int>, _ lower: [UInt8]) -> Bool {
    guard r.count == lower.count else { return false }
    var j = 0
    for i in r {
      if ASCII.lower(p[i]) != lower[j] { return false }
      j += 1
    }
    return true
  }

  private func equalsExactly(_ r: Range<Int>, _ bytes: [UInt8]) -> Bool {
    guard r.count == bytes.count else { return false }
    var j = 0
    for i in r {
      if p[i] != bytes[j] { return false }
      j += 1
    }
    return true
  }

  /// Calls `body` with each non-empty element of a comma-separated list, OWS-trimmed
  /// (RFC 9110 section 5.6.1: empty elements are ignored).
  private func forEachListElement(_ r: Range<Int>, _ body: (Range<Int>) -> Void) {
    var i = r.lowerBound
    while i < r.upperBound {
      var s = i
      while s < r.upperBound && ASCII.isOWS(p[s]) { s += 1 }
      var e = s
      while e < r.upperBound && p[e] != ASCII.comma { e += 1 }
      var t = e
      while t > s && ASCII.isOWS(p[t - 1]) { t -= 1 }
      if t > s { body(s..<t) }
      i = e + 1
    }
  }

  /// RFC 9112 section 6.3 and RFC 9110 section 8.6: 1*DIGIT; a list of identical values
  /// ("5, 5", or repeated lines) is accepted as that value; anything else is invalid.
  private func parseContentLength(
    _ r: Range<Int>, into value: inout Int?, invalid: inout Bool, conflict: inout Bool
  ) {
    var i = r.lowerBound
    if r.isEmpty {
      invalid = true
      return
    }
    while true {
      var s = i
      while s < r.upperBound && ASCII.isOWS(p[s]) { s += 1 }
      var e = s
      var n = 0
      while e < r.upperBound && ASCII.isDigit(p[e]) {
        // Saturate: a length that does not fit is over any body limit, and the application
        // still gets to answer 404/405 first.
        let d = Int(p[e] &- 48)
        n = n > (Int.max - d) / 10 ? Int.max : n * 10 + d
        e += 1
      }
      if e == s {
        invalid = true
        return
      }
      var t = e
      while t < r.upperBound && ASCII.isOWS(p[t]) { t += 1 }
      if t < r.upperBound && p[t] != ASCII.comma {
        invalid = true
        return
      }
      if let old = value, old != n { conflict = true }
      value = n
      if t == r.upperBound { return }
      // A comma: another element must follow ("5," is not a valid list of lengths).
      i = t + 1
    }
  }

  /// uri-host [ ":" port ] characters (RFC 3986): unreserved, sub-delims, ":", "[", "]", "%",
  /// and the brackets only around an IP literal at the start (`[::1]:8080`).
  private func isValidHost(_ r: Range<Int>) -> Bool {
    let opens = r.filter { p[$0] == UInt8(ascii: "[") }
    let closes = r.filter { p[$0] == UInt8(ascii: "]") }
    if !opens.isEmpty || !closes.isEmpty {
      guard opens == [r.lowerBound], closes.count == 1, closes[0] > r.lowerBound + 1 else {
        return false
      }
      let after = closes[0] + 1
      if after < r.upperBound && p[after] != ASCII.colon { return false }
    }
    for i in r {
      let b = p[i]
      if ASCII.isAlpha(b) || ASCII.isDigit(b) { continue }
      switch b {
      case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
        UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
        UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
        UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
        UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
        continue
      default:
        return false
      }
    }
    return true
  }
}
