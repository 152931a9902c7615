import HTTP1

/// libFuzzer target for `HTTPRequestParser`: the input is an arbitrary byte stream as a client
/// could send it on one connection. It is parsed whole, in chunks whose boundaries are derived
/// from the input itself (so the fuzzer explores splits as it mutates bytes), and one byte at a
/// time, under the default limits and under tight ones (so the 413/414/431 paths are reached by
/// small inputs). Invariants (a violation aborts, which libFuzzer reports as a crash):
/// - no memory error or trap (AddressSanitizer, Swift's own checks);
/// - every way of splitting yields the same parts (adjacent body parts merged) and the same
///   error status;
/// - an error is a 4xx or 5xx status with a reason, and the failed parser keeps rethrowing it;
/// - a request's body never exceeds its `Content-Length` or the body limit, and a completed
///   `Content-Length` body has exactly the declared length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for limits in [HTTPParserLimits(), tightLimits] {
    let whole = ParseOutcome(feeding: [bytes[...]], limits: limits)
    let chunked = ParseOutcome(feeding: chunks(of: bytes), limits: limits)
    require(whole == chunked, "whole vs chunked", whole, chunked)
    if bytes.count <= 4096 {
      let byteByByte = ParseOutcome(feeding: bytes.indices.map { bytes[$0...$0] }, limits: limits)
      require(whole == byteByByte, "whole vs byte by byte", whole, byteByByte)
    }
  }
  return 0
}

/// Small enough that short inputs reach every limit.
let tightLimits = HTTPParserLimits(
  maximumHeadBytes: 160, maximumHeaderCount: 4, maximumTargetBytes: 32, maximumBodyBytes: 24)

/// Splits `bytes` at boundaries chosen by a xorshift generator seeded from the input's last byte
/// and length; the seed's top bits pick the typical chunk size (1 to 512 bytes).
func chunks(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
  guard let last = bytes.last else { return [] }
  let maxChunk = [1, 2, 3, 7, 16, 64, 512, 4096][Int(last >> 5)]
  var state = UInt64(last) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count) | 1
  var result: [ArraySlice<UInt8>] = []
  var start = 0
  while start < bytes.count {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    let length = 1 + Int(state % UInt64(maxChunk))
    let end = min(bytes.count, start + length)
    result.append(bytes[start..<end])
    start = end
  }
  return result
}

/// What a parser made of a byte stream: its parts (adjacent body parts merged, as the split
/// decides how body bytes are cut) and the status of the error that stopped it, if any.
struct ParseOutcome: Equatable {
  var parts: [HTTPRequestPart] = []
  var errorStatus: Int?

  init(feeding chunks: [ArraySlice<UInt8>], limits: HTTPParserLimits) {
    var parser = HTTPRequestParser(limits: limits)
    var body = BodyCheck(limits: limits)
    feed: for chunk in chunks {
      parser.append(chunk)
      while true {
        let part: HTTPRequestPart?
        do {
          part = try parser.next()
        } catch {
          require(
            (400...599).contains(error.status) && !error.reason.isEmpty, "error status", error)
          do {
            _ = try parser.next()
            require(false, "a failed parser parsed again after", error)
          } catch let again {
            require(again == error, "a failed parser threw something else", error, again)
          }
          errorStatus = error.status
          break feed
        }
        guard let part else { break }
        body.observe(part)
        if case .body(let more) = part, case .body(let previous)? = parts.last {
          parts[parts.count - 1] = .body(previous + more)
        } else {
          parts.append(part)
        }
      }
    }
  }
}

/// Per-request body accounting against the head's framing and the body limit.
struct BodyCheck {
  let limits: HTTPParserLimits
  var framing: HTTPBodyFraming = .none
  var received = 0

  init(limits: HTTPParserLimits) { self.limits = limits }

  mutating func observe(_ part: HTTPRequestPart) {
    switch part {
    case .head(let head):
      require(!head.method.isEmpty, "empty method", head)
      framing = head.framing
      received = 0
    case .body(let bytes):
      require(!bytes.isEmpty, "empty body part")
      received += bytes.count
      require(received <= limits.maximumBodyBytes, "body over the limit", received)
      if case .contentLength(let n) = framing {
        require(received <= n, "body over its Content-Length", received, n)
      }
      require(framing.hasBody, "body bytes for a request without a body", framing)
    case .end:
      if case .contentLength(let n) = framing {
        require(received == n, "Content-Length body of the wrong length", received, n)
      }
    }
  }
}

/// Aborts (a libFuzzer finding) with a message when an invariant does not hold.
func require(_ condition: Bool, _ what: String, _ details: Any...) {
  if !condition {
    fatalError("invariant violated: \(what): \(details)")
  }
}
