import Glibc

/// What a connection still has to send: serialised heads (with small bodies copied after them)
/// and large bodies in the storage the handler produced them in. One `sendmsg` sends them
/// together, a buffer per iovec, so a plan's 20-160 KB body is never copied into an output
/// buffer first (that copy was 2 % of the CPU of serving varying plans).
struct OutputQueue {
  /// Bodies this large or larger go out from their own storage; smaller ones are copied after
  /// their head, which costs less than another iovec.
  static let separateBodyThreshold = 2048
  /// Buffers per `sendmsg` (IOV_MAX is 1024; pipelined answers need a few).
  static let maximumSegments = 16

  private struct Chunk {
    var bytes: [UInt8]
    /// A buffer of our own (heads, small bodies) that more bytes may be appended to and that is
    /// kept for reuse; false for a handler's body, which may be shared (the response cache).
    var isOwnBuffer: Bool
  }

  private var chunks: [Chunk] = []
  /// Bytes of `chunks[0]` already sent.
  private var sentOfFirst = 0
  /// An emptied own buffer, reused for the next head so that keep-alive answers allocate none.
  private var spare: [UInt8] = []

  /// Bytes not yet sent.
  private(set) var pending = 0

  var isEmpty: Bool { pending == 0 }

  /// Appends bytes (a head, `100 Continue`) to the last own buffer, or to a new one.
  mutating func append(_ write: (inout [UInt8]) -> Void) {
    var buffer: [UInt8]
    if let last = chunks.last, last.isOwnBuffer {
      buffer = chunks.removeLast().bytes
    } else {
      buffer = spare
      spare = []
    }
    let before = buffer.count
    write(&buffer)
    pending += buffer.count - before
    if buffer.isEmpty {
      spare = buffer
    } else {
      chunks.append(Chunk(bytes: buffer, isOwnBuffer: true))
    }
  }

  /// Appends a response body: copied after the head when small, else queued as it is.
  mutating func appendBody(_ body: [UInt8]) {
    guard !body.isEmpty else { return }
    if body.count < Self.separateBodyThreshold {
      append { $0.append(contentsOf: body) }
      return
    }
    chunks.append(Chunk(bytes: body, isOwnBuffer: false))
    pending += body.count
  }

  /// Drops everything not yet sent.
  mutating func removeAll() {
    chunks = []
    sentOfFirst = 0
    pending = 0
    spare = []
  }

  enum SendOutcome: Equatable {
    /// Everything was sent.
    case drained
    /// The socket's buffer is full; the rest waits for writability.
    case wouldBlock
    /// The peer is gone (EPIPE, ECONNRESET...).
    case failed(errno: Int32)
  }

  /// Sends as much as the socket takes. `sent` counts the bytes that left (for write progress).
  mutating func send(to fd: Int32) -> (outcome: SendOutcome, sent: Int) {
    var sent = 0
    while pending > 0 {
      let n = sendOnce(fd)
      if n > 0 {
        consume(n)
        sent += n
        continue
      }
      let e = errno
      if n < 0 && e == EINTR { continue }
      if n < 0 && (e == EAGAIN || e == EWOULDBLOCK) { return (.wouldBlock, sent) }
      return (.failed(errno: n < 0 ? e : EPIPE), sent)
    }
    return (.drained, sent)
  }

  /// One `send` (a single buffer) or `sendmsg` (several); MSG_NOSIGNAL keeps a vanished peer
  /// from raising SIGPIPE.
  private func sendOnce(_ fd: Int32) -> Int {
    if chunks.count == 1 {
      return chunks[0].bytes.withUnsafeBytes { raw in
        Glibc.send(fd, raw.baseAddress! + sentOfFirst, raw.count - sentOfFirst, Int32(MSG_NOSIGNAL))
      }
    }
    let count = min(chunks.count, Self.maximumSegments)
    return withUnsafeTemporaryAllocation(of: iovec.self, capacity: count) { vectors in
      // Each buffer's address is valid only inside its `withUnsafeBytes`, so the calls nest,
      // one level per buffer, and `sendmsg` runs in the innermost.
      func fill(_ i: Int) -> Int {
        if i == count {
          var message = msghdr()
          message.msg_iov = vectors.baseAddress
          message.msg_iovlen = count
          return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
        }
        return chunks[i].bytes.withUnsafeBytes { raw in
          let skip = i == 0 ? sentOfFirst : 0
          vectors[i] = iovec(
            iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + skip),
            iov_len: raw.count - skip)
          return fill(i + 1)
        }
      }
      return fill(0)
    }
  }

  private mutating func consume(_ n: Int) {
    pending -= n
    var n = n
    while n > 0 {
      let remaining = chunks[0].bytes.count - sentOfFirst
      if n < remaining {
        sentOfFirst += n
        return
      }
      n -= remaining
      var done = chunks.removeFirst()
      sentOfFirst = 0
      // Keep one modest own buffer for the next head; large ones go back to the allocator.
      if done.isOwnBuffer && done.bytes.capacity <= 64 * 1024 && spare.capacity == 0 {
        done.bytes.removeAll(keepingCapacity: true)
        spare = done.bytes
      }
    }
  }
}
