/// The transfer codings listed in `Transfer-Encoding`, in order, reduced to what the framing
/// decision needs (RFC 9112 section 6.1).
struct TransferCodings {
  var count = 0
  var finalIsChunked = false
  var chunkedBeforeFinal = false
  var firstUnsupported: Range<Int>? = nil
  private var last: Range<Int>? = nil

  mutating func add(_ coding: Range<Int>, isChunked: Bool) {
    if let previous = last {
      if finalIsChunked {
        chunkedBeforeFinal = true
      } else if firstUnsupported == nil {
        // This server implements no coding but chunked.
        firstUnsupported = previous
      }
    }
    last = coding
    finalIsChunked = isChunked
    count += 1
  }
}
