/// Where a connection is in its life (docs/HTTP.md "Persistence", "Drain on SIGTERM",
/// "Lingering close"). Every rule of ``ConnectionMachine`` reads this one value: no flag says
/// what a state should.
public enum ConnectionState: Sendable, Equatable {
  /// Reading and answering requests.
  case open
  /// The server drains: requests that have arrived are read and answered, the last answer
  /// says `Connection: close`, and an idle connection closes.
  case draining
  /// The peer half-closed: what it sent is still answered, the last answer closes.
  case peerGone
  /// No further request is read (a parse error, an early answer with an unread body, a time-out,
  /// a refused body): the answers held leave in order, the last one closes. `peerGone`: the
  /// peer had already half-closed, so no lingering follows.
  case closingAfterAnswer(peerGone: Bool)
  /// The closing answer is queued; what is left of the output is being written.
  case writingLast(peerGone: Bool)
  /// Our side is shut down for writing; unread request bytes are read and thrown away so the
  /// kernel does not answer them with a reset that could destroy the response unread.
  case lingering(Lingering)
  case closed

  /// Requests are parsed from what has arrived.
  var parsesRequests: Bool {
    switch self {
    case .open, .draining, .peerGone: true
    case .closingAfterAnswer, .writingLast, .lingering, .closed: false
    }
  }

  /// Answers may be handed to the driver.
  var sendsAnswers: Bool {
    switch self {
    case .open, .draining, .peerGone, .closingAfterAnswer: true
    case .writingLast, .lingering, .closed: false
    }
  }

  /// The peer has half-closed.
  var peerHasGone: Bool {
    switch self {
    case .peerGone: true
    case .closingAfterAnswer(let gone), .writingLast(let gone): gone
    case .open, .draining, .lingering, .closed: false
    }
  }
}
