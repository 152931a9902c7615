/// Serialises responses so that the server hands each to the kernel in one call: a whole
/// response in one buffer, or (``serializeHead(into:head:body:requestMethod:keepAlive:date:requestVersion:extraHeader:)``)
/// the head alone, for one `sendmsg` with the body as a second buffer. A head and a body in two
/// writes without `TCP_NODELAY` cost a delayed-ACK round trip per response (docs/PERFORMANCE.md).
public enum HTTPResponseWriter {
  /// `HTTP/1.1 100 Continue` (RFC 9110 section 15.2.1), sent before reading an expected body.
  public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// - Parameters:
  ///   - requestMethod: for HEAD the body is omitted but `Content-Length` is still the body's
  ///     length (RFC 9110 section 9.3.2), so pass the GET body.
  ///   - keepAlive: false adds `Connection: close`.
  ///   - date: an IMF-fixdate (RFC 9110 section 5.6.7), cached by the caller once per second.
  ///   - requestVersion: an HTTP/1.0 client that asked for keep-alive needs
  ///     `Connection: keep-alive` back, since persistence is not its default.
  public static func serialize(
    head: HTTPResponseHead,
    body: [UInt8],
    requestMethod: String,
    keepAlive: Bool,
    date: String,
    requestVersion: HTTPVersion = .http11,
    extraHeader: (name: String, value: String)? = nil
  ) -> [UInt8] {
    var out: [UInt8] = []
    let sendBody = serializeHead(
      into: &out, head: head, body: body, requestMethod: requestMethod, keepAlive: keepAlive,
      date: date, requestVersion: requestVersion, extraHeader: extraHeader)
    if sendBody { out.append(contentsOf: body) }
    return out
  }

  /// Appends the status line and header fields for a response with `body`, and returns whether
  /// the body follows them on the wire (not for HEAD, 1xx, 204 and 304): a server that sends
  /// the body from its own storage (`sendmsg` with two buffers) need not copy it.
  @discardableResult
  public static func serializeHead(
    into out: inout [UInt8],
    head: HTTPResponseHead,
    body: [UInt8],
    requestMethod: String,
    keepAlive: Bool,
    date: String,
    requestVersion: HTTPVersion = .http11,
    extraHeader: (name: String, value: String)? = nil
  ) -> Bool {
    let status = head.status
    let noContent = HTTPStatus.forbidsBody(status)
    let isHead = requestMethod == "HEAD"
    let sendBody = !noContent && !isHead
    out.reserveCapacity(out.count + 160 + head.headers.count * 48)

    out.append(contentsOf: "HTTP/1.1 ".utf8)
    appendDecimal(&out, status)
    out.append(ASCII.sp)
    appendSanitized(&out, head.reason)
    appendCRLF(&out)

    var hasDate = false
    var hasNoSniff = false
    var userContentLength: String? = nil
    for field in head.headers {
      let name = field.name
      // The writer owns framing and persistence: handler-supplied values for these would
      // desynchronise the client (and Transfer-Encoding is never produced here). Only five
      // names need a look, and their lengths tell nearly every other name apart without
      // comparing a byte (the CORS headers on every answer made the five comparisons per
      // field show in a healthz profile).
      switch name.utf8.count {
      case 14 where HTTPHeaders.namesEqual(name, "Content-Length"):
        userContentLength = field.value
        continue
      case 10 where HTTPHeaders.namesEqual(name, "Connection"),
        17 where HTTPHeaders.namesEqual(name, "Transfer-Encoding"):
        continue
      case 4 where HTTPHeaders.namesEqual(name, "Date"): hasDate = true
      case 22 where HTTPHeaders.namesEqual(name, "X-Content-Type-Options"): hasNoSniff = true
      default: break
      }
      guard isToken(name) else { continue }
      out.append(contentsOf: name.utf8)
      out.append(contentsOf: ": ".utf8)
      appendSanitized(&out, field.value)
      appendCRLF(&out)
    }
    if let extra = extraHeader, isToken(extra.name) {
      out.append(contentsOf: extra.name.utf8)
      out.append(contentsOf: ": ".utf8)
      appendSanitized(&out, extra.value)
      appendCRLF(&out)
    }
    if !hasDate {
      out.append(contentsOf: "Date: ".utf8)
      out.append(contentsOf: date.utf8)
      appendCRLF(&out)
    }
    if !hasNoSniff {
      // Every answer: browsers must take the Content-Type as given (a plan is never a script,
      // a problem document never HTML).
      out.append(contentsOf: "X-Content-Type-Options: nosniff\r\n".utf8)
    }
    if !noContent || status == 304 {
      // A HEAD or 304 answer may carry the length the GET body would have; a handler that
      // already knows it without building the body may say so explicitly.
      if isHead || status == 304, body.isEmpty, let given = userContentLength,
        !given.isEmpty, given.utf8.allSatisfy({ ASCII.isDigit($0) })
      {
        out.append(contentsOf: "Content-Length: ".utf8)
        out.append(contentsOf: given.utf8)
        appendCRLF(&out)
      } else if !noContent {
        out.append(contentsOf: "Content-Length: ".utf8)
        appendDecimal(&out, body.count)
        appendCRLF(&out)
      }
    }
    if !keepAlive {
      out.append(contentsOf: "Connection: close\r\n".utf8)
    } else if requestVersion == .http10 {
      out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
    }
    appendCRLF(&out)
    return sendBody
  }

  /// Two byte appends: a static `[13, 10]` went through `swift_once` at each of the eight or
  /// more uses per answer.
  @inline(__always)
  private static func appendCRLF(_ out: inout [UInt8]) {
    out.append(ASCII.cr)
    out.append(ASCII.lf)
  }

  static func appendDecimal(_ out: inout [UInt8], _ value: Int) {
    if value < 0 {
      out.append(UInt8(ascii: "-"))
      appendDecimal(&out, -value)
      return
    }
    if value < 10 {
      out.append(UInt8(truncatingIfNeeded: value) + 48)
      return
    }
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var n = value
    var count = 0
    withUnsafeMutableBytes(of: &digits) { d in
      while n > 0 {
        d[count] = UInt8(truncatingIfNeeded: n % 10) + 48
        n /= 10
        count += 1
      }
      for k in stride(from: count - 1, through: 0, by: -1) { out.append(d[k]) }
    }
  }

  private static func isToken(_ s: String) -> Bool {
    var s = s
    // Through the contiguous bytes, as in `appendSanitized` (`String.UTF8View` iteration showed
    // in the same profile), and the table read once per name: read per byte, its `swift_once`
    // ran for every byte of every header name.
    let table = ASCII.tokenTable
    return s.withUTF8 { bytes in !bytes.isEmpty && bytes.allSatisfy { table[Int($0)] } }
  }

  /// Header values and reason phrases from the application cannot inject lines: CR, LF and other
  /// controls become spaces.
  private static func appendSanitized(_ out: inout [UInt8], _ s: String) {
    var s = s
    // Through the contiguous UTF-8 (native strings already are): iterating `String.UTF8View`
    // with `allSatisfy` cost more than the rest of the head when values are long, like a
    // Content-Location carrying a whole plan request.
    s.withUTF8 { bytes in
      // Fast path: values are nearly always clean, so check first and copy in one go.
      var clean = true
      for b in bytes where !ASCII.isFieldValueByte(b) {
        clean = false
        break
      }
      if clean {
        out.append(contentsOf: bytes)
        return
      }
      for b in bytes {
        out.append(ASCII.isFieldValueByte(b) ? b : ASCII.sp)
      }
    }
  }

}
