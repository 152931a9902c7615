/// A sans-I/O HTTP/1.1 request parser (the h11 idea): feed it bytes with ``append(_:)``, pull
/// ``HTTPRequestPart``s with ``next()``. It never touches a socket or a clock, so it is tested by
/// splitting requests at every byte offset.
///
/// Efficiency notes, since every request goes through here:
/// - bytes live in one `[UInt8]` with a read index; consumed bytes are dropped only when that is
///   cheap (buffer fully consumed) or worth it (a large consumed prefix), not on every request;
/// - the search for the end of the head resumes where the previous search stopped, so a head that
///   trickles in byte by byte costs O(n), not O(n^2);
/// - the head is validated in one pass that also extracts the framing-relevant fields.
///
/// Body size rule: the head is emitted even when `Content-Length` is over `maximumBodyBytes`, because
/// the application decides 404/405 before 413 (docs/API.md "Errors"); 413 is thrown only when body bytes
/// actually received (or a declared chunk) would go past the limit.
public struct HTTPRequestParser: Sendable {
  private enum State: Sendable {
    case head
    /// Head (and body, if any) consumed: the next part is `.end`.
    case endPending
    case contentLength(remaining: Int)
    case chunkSize
    case chunkData(remaining: Int)
    case chunkDataEnd
    case trailers
    case failed(HTTPParseError)
  }

  /// A chunk-size line (size plus extensions) longer than this is refused; extensions are skipped,
  /// but must not be a way to make the server buffer without bound. Independent of the head
  /// limit (docs/HTTP.md "Limits"): with a head limit under it, a chunk-size line still arriving
  /// is the most unparsed input the parser holds.
  public static let maximumChunkLineBytes = 4096

  public let limits: HTTPParserLimits
  private var buffer: [UInt8] = []
  private var readIndex = 0
  /// Where the search for the next LF resumes (absolute index into `buffer`).
  private var scanIndex = 0
  /// Start of the line being scanned in the head.
  private var lineStart = 0
  /// Complete non-empty lines seen so far in the head being scanned.
  private var lineCount = 0
  private var state: State = .head
  private var bodyBytesSeen = 0
  private var trailerBytes = 0
  private var trailerCount = 0
  /// The current head's request line is complete and was found well-formed.
  private var requestLineChecked = false

  public init(limits: HTTPParserLimits = .init()) {
    self.limits = limits
  }

  /// True between requests when no byte of a next request is buffered: the connection is idle
  /// (idle time-out applies), as opposed to a head having started (head time-out applies).
  /// Empty lines before a request-line are discarded and do not make the parser busy.
  public var isIdle: Bool {
    if case .head = state { return readIndex == buffer.count }
    return false
  }

  public var hasBufferedBytes: Bool { readIndex < buffer.count }

  public var bufferedByteCount: Int { buffer.count - readIndex }

  /// True while the body of a request is being read (the body time-out applies).
  public var isReadingBody: Bool {
    switch state {
    case .contentLength, .chunkSize, .chunkData, .chunkDataEnd, .trailers: return true
    case .head, .endPending, .failed: return false
    }
  }

  /// True when a head has started to arrive but is not complete yet.
  public var isReadingHead: Bool {
    if case .head = state { return readIndex < buffer.count }
    return false
  }

  public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    if case .failed = state { return }
    compactIfUseful()
    buffer.append(contentsOf: bytes)
    skipLeadingEmptyLines()
  }

  /// Non-generic fast path for the server's read buffer.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    if case .failed = state { return }
    compactIfUseful()
    buffer.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    skipLeadingEmptyLines()
  }

  /// The next part, or nil when more bytes are needed. After a throw, the parser stays failed and
  /// rethrows the same error: the connection must be closed.
  public mutating func next() throws(HTTPParseError) -> HTTPRequestPart? {
    do {
      return try nextPart()
    } catch {
      state = .failed(error)
      throw error
    }
  }

  // MARK: - State machine

  private mutating func nextPart() throws(HTTPParseError) -> HTTPRequestPart? {
    switch state {
    case .failed(let error):
      throw error
    case .head:
      return try parseHead()
    case .endPending:
      finishRequest()
      return .end
    case .contentLength(let remaining):
      return try readContentLengthBody(remaining: remaining)
    case .chunkSize:
      return try readChunkSize()
    case .chunkData(let remaining):
      return try readChunkData(remaining: remaining)
    case .chunkDataEnd:
      return try readChunkDataEnd()
    case .trailers:
      return try readTrailers()
    }
  }

  private mutating func finishRequest() {
    state = .head
    bodyBytesSeen = 0
    trailerBytes = 0
    trailerCount = 0
    requestLineChecked = false
    scanIndex = readIndex
    lineStart = readIndex
    lineCount = 0
    skipLeadingEmptyLines()
  }

  /// RFC 9112 section 2.2: a server SHOULD ignore at least one empty line (CRLF) received before
  /// the request-line (some old clients send one after a POST body). Only whole CRLF pairs are
  /// dropped; a lone CR waits for its LF.
  private mutating func skipLeadingEmptyLines() {
    guard case .head = state else { return }
    var i = readIndex
    let n = buffer.count
    while i + 1 < n, buffer[i] == ASCII.cr, buffer[i + 1] == ASCII.lf { i += 2 }
    if i != readIndex {
      readIndex = i
      scanIndex = i
      lineStart = i
      lineCount = 0
    }
  }

  /// Drops consumed bytes when that costs nothing (all consumed: keep the capacity) or when a
  /// consumed prefix is large and at least half the buffer (amortised O(1) per byte).
  private mutating func compactIfUseful() {
    guard readIndex > 0 else { return }
    if readIndex == buffer.count {
      buffer.removeAll(keepingCapacity: true)
    } else if readIndex >= 16 * 1024 && readIndex * 2 >= buffer.count {
      buffer.removeSubrange(0..<readIndex)
    } else {
      return
    }
    scanIndex = max(0, scanIndex - readIndex)
    lineStart = max(0, lineStart - readIndex)
    readIndex = 0
  }

  // MARK: - Head

  private enum ScanResult {
    case needMore(scanned: Int, lineStart: Int, lines: Int)
    case complete(end: Int, lines: Int)
    case bareLF
  }

  private mutating func parseHead() throws(HTTPParseError) -> HTTPRequestPart? {
    let count = buffer.count
    guard readIndex < count else { return nil }
    // Never look past the head limit: a head that has not ended by then is refused.
    let limitEnd = min(count, readIndex + limits.maximumHeadBytes)
    let start = readIndex
    let from = max(scanIndex, start)
    let initialLineStart = max(lineStart, start)
    let initialLines = lineCount
    let scan: ScanResult = buffer.withUnsafeBufferPointer { p in
      var i = from
      var ls = initialLineStart
      var lines = initialLines
      while i < limitEnd {
        if p[i] == ASCII.lf {
          if i == start || p[i - 1] != ASCII.cr { return .bareLF }
          if i - 1 == ls { return .complete(end: i + 1, lines: lines) }
          lines += 1
          ls = i + 1
        }
        i += 1
      }
      return .needMore(scanned: i, lineStart: ls, lines: lines)
    }
    switch scan {
    case .bareLF:
      throw .badRequest(
        "a line ends with a bare LF; lines must end with CRLF (RFC 9112 section 2.2)")
    case .needMore(let scanned, let ls, let lines):
      scanIndex = scanned
      lineStart = ls
      lineCount = lines
      if lines >= 1 && !requestLineChecked {
        // The request line is complete: a malformed one (a 400, such as a line without a
        // version) is refused now instead of after the head time-out. Only a 400: a bare LF
        // later in the same head is a 400 too and wins when the head arrives whole, while a 505
        // here would not (found by fuzzing), so other verdicts wait for the whole head.
        let verdict = buffer.withUnsafeBufferPointer { p -> HTTPParseError? in
          var end = start
          while p[end] != ASCII.lf { end += 1 }
          do throws(HTTPParseError) {
            _ = try RequestLine.parse(p, start, end - 1)
            return nil
          } catch {
            return error
          }
        }
        if let verdict, verdict.status == 400 { throw verdict }
        requestLineChecked = true
      }
      if !methodPrefixIsValid(upTo: limitEnd) {
        // Refuse garbage (a TLS hello, binary junk) at once instead of waiting for a line end.
        // Also once the request line is complete: a split that delivered the bad method before
        // its line end was refused, so whole input must be too (found by fuzzing).
        throw .badRequest("malformed request-line: the method is not a token")
      }
      if count - start >= limits.maximumHeadBytes {
        // The head can no longer end in time. A request line still unfinished with a target
        // already over its limit is answered 414 rather than 431. Not earlier: while the head
        // may still end, a malformed line or an unsupported version later in it wins over 414
        // (docs/API.md), and the answer must not depend on how the bytes were split (found by
        // fuzzing: `Fuzz/`, HTTP1FuzzRegressionTests).
        if lines == 0, requestLineTargetTooLong(upTo: limitEnd) {
          throw HTTPParseError(
            status: 414, reason: "request-target longer than \(limits.maximumTargetBytes) bytes")
        }
        throw HTTPParseError(
          status: 431, reason: "request head larger than \(limits.maximumHeadBytes) bytes")
      }
      return nil
    case .complete(let end, let lines):
      requestLineChecked = false
      let head = try buffer.withUnsafeBufferPointer { p throws(HTTPParseError) in
        try HeadParser(bytes: p, start: start, end: end, lines: lines, limits: limits).parse()
      }
      readIndex = end
      scanIndex = end
      lineStart = end
      lineCount = 0
      switch head.framing {
      case .chunked:
        state = .chunkSize
      case .contentLength(let n) where n > 0:
        state = .contentLength(remaining: n)
      default:
        state = .endPending
      }
      return .head(head)
    }
  }

  /// For a request line (finished or not): are the bytes received so far a possible method start?
  /// Only bytes before `end` (the head limit) are judged: what lies beyond can never be part of
  /// an accepted head, and looking at it would make the answer depend on how much had arrived
  /// when the limit was reached (found by fuzzing).
  private func methodPrefixIsValid(upTo end: Int) -> Bool {
    var i = readIndex
    let n = end
    while i < n {
      let b = buffer[i]
      if b == ASCII.sp { return i > readIndex }
      // A CR may be the start of the line end of an (invalid) method-only line: let the full
      // line be judged when it is complete.
      if b == ASCII.cr { return true }
      if !ASCII.isToken(b) { return false }
      i += 1
    }
    return true
  }

  /// For an incomplete request line: is the part of the target received so far already too long?
  /// Lets a huge target be answered 414 rather than 431.
  /// Judges only bytes before `end` (the head limit), as ``methodPrefixIsValid(upTo:)`` does.
  private func requestLineTargetTooLong(upTo end: Int) -> Bool {
    var i = readIndex
    let n = end
    while i < n, ASCII.isToken(buffer[i]) { i += 1 }
    guard i < n, buffer[i] == ASCII.sp else { return false }
    var j = i + 1
    while j < n, buffer[j] != ASCII.sp, buffer[j] != ASCII.cr { j += 1 }
    return j - (i + 1) > limits.maximumTargetBytes
  }

  // MARK: - Body

  private mutating func readContentLengthBody(remaining: Int) throws(HTTPParseError)
    -> HTTPRequestPart?
  {
    let available = buffer.count - readIndex
    guard available > 0 else { return nil }
    let allowance = limits.maximumBodyBytes - bodyBytesSeen
    guard allowance > 0 else { throw bodyTooLarge() }
    let n = min(available, remaining, allowance)
    let part = Array(buffer[readIndex..<readIndex + n])
    readIndex += n
    bodyBytesSeen += n
    let left = remaining - n
    state = left == 0 ? .endPending : .contentLength(remaining: left)
    return .body(part)
  }

  private func bodyTooLarge() -> HTTPParseError {
    limits.bodyTooLarge(length: nil)
  }

  private enum LineScan {
    case needMore(scanned: Int)
    /// `lineEnd` is the index of the CR; the next line starts at `lineEnd + 2`.
    case line(lineEnd: Int)
    case bareLF
  }

  /// Finds the next CRLF from `readIndex`, resuming at `scanIndex`, among at most `window`
  /// bytes: a limit must not depend on how much arrived after it was passed.
  private func scanLine(window: Int = .max) -> LineScan {
    let start = readIndex
    let from = max(scanIndex, start)
    let n = window >= buffer.count - start ? buffer.count : start + window
    return buffer.withUnsafeBufferPointer { p in
      var i = from
      while i < n {
        if p[i] == ASCII.lf {
          if i == start || p[i - 1] != ASCII.cr { return .bareLF }
          return .line(lineEnd: i - 1)
        }
        i += 1
      }
      return .needMore(scanned: i)
    }
  }

  /// RFC 9112 section 7.1: chunk-size in hex, optional chunk extensions (skipped), CRLF.
  private mutating func readChunkSize() throws(HTTPParseError) -> HTTPRequestPart? {
    switch scanLine() {
    case .bareLF:
      throw .badRequest("chunk-size line ends with a bare LF")
    case .needMore(let scanned):
      scanIndex = scanned
      if buffer.count - readIndex > Self.maximumChunkLineBytes {
        throw .badRequest("chunk-size line longer than \(Self.maximumChunkLineBytes) bytes")
      }
      return nil
    case .line(let lineEnd):
      if lineEnd - readIndex > Self.maximumChunkLineBytes {
        throw .badRequest("chunk-size line longer than \(Self.maximumChunkLineBytes) bytes")
      }
      var i = readIndex
      var size = 0
      var digits = 0
      while i < lineEnd, let h = ASCII.hexValue(buffer[i]) {
        // Overflow check before shifting: a size that does not fit is an attack, not a body.
        guard size <= (Int.max - h) >> 4 else {
          throw .badRequest("chunk size overflows")
        }
        size = size << 4 + h
        digits += 1
        i += 1
      }
      guard digits > 0 else { throw .badRequest("chunk size is not a hexadecimal number") }
      // chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] ): skipped, but
      // it must start with ";" and contain no control characters (no bare CR, no NUL).
      while i < lineEnd, ASCII.isOWS(buffer[i]) { i += 1 }
      if i < lineEnd {
        guard buffer[i] == ASCII.semicolon else {
          throw .badRequest("invalid character after the chunk size")
        }
        while i < lineEnd {
          guard ASCII.isFieldValueByte(buffer[i]) else {
            throw .badRequest("control character in a chunk extension")
          }
          i += 1
        }
      }
      readIndex = lineEnd + 2
      scanIndex = readIndex
      if size == 0 {
        state = .trailers
        return try readTrailers()
      }
      guard size <= limits.maximumBodyBytes - bodyBytesSeen else { throw bodyTooLarge() }
      state = .chunkData(remaining: size)
      return try readChunkData(remaining: size)
    }
  }

  private mutating func readChunkData(remaining: Int) throws(HTTPParseError) -> HTTPRequestPart? {
    let available = buffer.count - readIndex
    guard available > 0 else { return nil }
    let n = min(available, remaining)
    let part = Array(buffer[readIndex..<readIndex + n])
    readIndex += n
    bodyBytesSeen += n
    let left = remaining - n
    state = left == 0 ? .chunkDataEnd : .chunkData(remaining: left)
    return .body(part)
  }

  /// RFC 9112 section 7.1: chunk-data is followed by CRLF; anything else means the sender and
  /// this parser disagree about the framing, so refuse rather than guess.
  private mutating func readChunkDataEnd() throws(HTTPParseError) -> HTTPRequestPart? {
    let available = buffer.count - readIndex
    if available >= 1, buffer[readIndex] != ASCII.cr {
      throw .badRequest("chunk data not followed by CRLF")
    }
    guard available >= 2 else { return nil }
    guard buffer[readIndex + 1] == ASCII.lf else {
      throw .badRequest("chunk data not followed by CRLF")
    }
    readIndex += 2
    scanIndex = readIndex
    state = .chunkSize
    return try readChunkSize()
  }

  /// RFC 9112 section 7.1.2: trailer fields are read (validated as field lines) and discarded;
  /// nothing here needs them and merging them into the head is a known smuggling vector.
  private mutating func readTrailers() throws(HTTPParseError) -> HTTPRequestPart? {
    while true {
      // Only the bytes the trailer limit still allows are scanned: a bare LF past it was a 400
      // when fed whole but a 431 when split before it (found by fuzzing).
      switch scanLine(window: limits.maximumHeadBytes - trailerBytes) {
      case .bareLF:
        throw .badRequest("trailer line ends with a bare LF")
      case .needMore(let scanned):
        scanIndex = scanned
        if trailerBytes + (buffer.count - readIndex) > limits.maximumHeadBytes {
          throw HTTPParseError(
            status: 431, reason: "trailer section larger than \(limits.maximumHeadBytes) bytes")
        }
        return nil
      case .line(let lineEnd):
        if lineEnd == readIndex {
          readIndex = lineEnd + 2
          finishRequest()
          return .end
        }
        try buffer.withUnsafeBufferPointer { p throws(HTTPParseError) in
          _ = try HeadParser.fieldLine(p, readIndex, lineEnd)
        }
        trailerBytes += lineEnd + 2 - readIndex
        trailerCount += 1
        if trailerCount > limits.maximumHeaderCount || trailerBytes > limits.maximumHeadBytes {
          throw HTTPParseError(status: 431, reason: "trailer section too large")
        }
        readIndex = lineEnd + 2
        scanIndex = readIndex
      }
    }
  }
}
