/// The time-outs (docs/HTTP.md "Time-outs"): at most one runs at a time, chosen in the order of
/// the table there.
extension ConnectionMachine {
  /// Picks the one time-out that applies now: writing to a stalled reader, reading a body,
  /// reading a head once its first byte arrived, or idle between requests.
  mutating func updateDeadline(now: UInt64, outputPending: Bool = false) {
    var kind = TimerKind.none
    var at = UInt64.max
    let idle = state.parsesRequests && slots.isEmpty && incoming == nil && parser.isIdle
    if !idle { idleSince = nil }
    if !(state.parsesRequests && parser.isReadingHead) { headStart = nil }
    switch state {
    case .closed:
      break
    case .lingering(let lingering):
      kind = .linger
      at = lingering.deadline
    case .open, .draining, .peerGone, .closingAfterAnswer, .writingLast:
      let reading = state == .open || state == .draining
      if outputPending {
        kind = .write
        at = min(
          lastWriteProgress &+ Self.nanos(rules.writeTimeout),
          (writing.window?.start ?? now) &+ Self.nanos(rules.writeTimeout),
          now &+ Self.nanos(rules.peerProbeInterval))
      } else if !reading {
        // Waiting for the planner, or for nothing the peer could be blamed for.
        break
      } else if bodyReaderIndex != nil, parser.isReadingBody {
        kind = .body
        at = min(
          lastBodyActivity &+ Self.nanos(rules.bodyTimeout),
          bodyStart &+ Self.nanos(rules.bodyDeadline))
      } else if parser.isReadingHead && !isPaused {
        let start = headStart ?? now
        headStart = start
        kind = .head
        at = start &+ Self.nanos(rules.headTimeout)
      } else if idle {
        let start = idleSince ?? now
        idleSince = start
        kind = .idle
        at = start &+ Self.nanos(rules.idleTimeout)
      }
    }
    timerKind = kind
    deadline = at
  }

  /// The deadline has passed: what the time-out that applies asks for.
  mutating func expire(now: UInt64) {
    let writeTimeout = Self.nanos(rules.writeTimeout)
    switch timerKind {
    case .none:
      deadline = .max
      wake(.report)
    case .write
    where now >= (writing.window?.start ?? now) &+ writeTimeout
      && now < lastWriteProgress &+ writeTimeout:
      // A window has passed with the peer still taking output: too slowly, it is cut off.
      if (writing.window?.sent ?? 0) < rules.minimumSendBytesPerWindow {
        beginClose()
        return
      }
      writing = .waiting(WriteWindow(start: now), blocked: writing.isBlocked)
      updateDeadline(now: now, outputPending: true)
      wake(.probe)
    case .write where now < lastWriteProgress &+ writeTimeout:
      // Not the time-out yet, only the probe for a peer that is gone.
      updateDeadline(now: now, outputPending: true)
      wake(.probe)
    case .idle, .write, .linger:
      // Idle: close quietly (RFC 9112 section 9.5). Write/linger: the peer stopped reading.
      beginClose()
    case .head:
      state = .closingAfterAnswer(peerGone: state.peerHasGone)
      appendSyntheticSlot(
        .problem(
          HTTPServerProblem(status: 408, detail: "the request head was not received in time")))
      wake(.parse(round: 0))
    case .body:
      state = .closingAfterAnswer(peerGone: state.peerHasGone)
      let timeout = Reply.problem(
        HTTPServerProblem(status: 408, detail: "the request body was not received in time"))
      if let id = incoming?.id, let index = slotIndex(id) {
        setAnswer(index, timeout, closes: true)
        slots[index].continueOwed = false
      } else {
        appendSyntheticSlot(timeout)
      }
      incoming = nil
      incomingBody = []
      wake(.parse(round: 0))
    }
  }
}
