import Dispatch

/// A Dispatch read source per socket (suspended while reading is paused) and a write source
/// created on the first short write. Libdispatch re-arms its epoll registration after every
/// event, so each request costs an `epoll_ctl` and a thread wake-up.
final class DispatchReadiness: SocketReadiness {
  private let fd: Int32
  private let queue: DispatchQueue
  private let onReadable: () -> Void
  private let onWritable: () -> Void
  private var readSource: DispatchSourceRead?
  private var writeSource: DispatchSourceWrite?
  private var readSuspended = false
  private var writeSuspended = true
  private var liveSources = 0
  private var closed: (() -> Void)?

  init(
    fd: Int32, queue: DispatchQueue, onReadable: @escaping () -> Void,
    onWritable: @escaping () -> Void
  ) {
    self.fd = fd
    self.queue = queue
    self.onReadable = onReadable
    self.onWritable = onWritable
  }

  func start() -> Bool {
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    // Strong captures form a cycle with the source; it is broken when the source is cancelled.
    source.setEventHandler { [self] in onReadable() }
    source.setCancelHandler { [self] in sourceCancelled() }
    readSource = source
    liveSources += 1
    source.resume()
    return true
  }

  var wantsRead: Bool {
    get { readSource != nil && !readSuspended }
    set {
      guard let source = readSource, newValue == readSuspended else { return }
      readSuspended = !newValue
      if newValue { source.resume() } else { source.suspend() }
    }
  }

  var wantsWrite: Bool {
    get { writeSource != nil && !writeSuspended }
    set {
      if newValue && writeSource == nil {
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [self] in onWritable() }
        source.setCancelHandler { [self] in sourceCancelled() }
        writeSource = source
        liveSources += 1
      }
      guard let source = writeSource, newValue == writeSuspended else { return }
      writeSuspended = !newValue
      if newValue { source.resume() } else { source.suspend() }
    }
  }

  /// libdispatch reports a hang-up once, with `data` 0 where a normal event carries the bytes
  /// queued, and then stops watching the descriptor.
  var isFinalHangUp: Bool { readSource?.data == 0 }

  /// The descriptor may be closed only after every source watching it is cancelled, so a new
  /// connection reusing the number is never confused with this one.
  func cancel(_ closed: @escaping () -> Void) {
    self.closed = closed
    // A suspended source must be resumed for its cancellation to complete.
    if let source = readSource {
      source.cancel()
      if readSuspended {
        readSuspended = false
        source.resume()
      }
    }
    if let source = writeSource {
      source.cancel()
      if writeSuspended {
        writeSuspended = false
        source.resume()
      }
    }
    if liveSources == 0 { finish() }
  }

  private func sourceCancelled() {
    liveSources -= 1
    if liveSources == 0 { finish() }
  }

  private func finish() {
    readSource = nil
    writeSource = nil
    let closed = self.closed
    self.closed = nil
    closed?()
  }
}
