/// Where one request is, from its head to its answer.
public enum RequestState: Sendable, Equatable {
  /// The head was handed out with ``ConnectionMachine/Action/judge(_:_:)``; the verdict has
  /// not come back.
  case awaitingVerdict
  /// Accepted: its body is being read.
  case readingBody
  /// Refused without a body to read: answered, and read to its end.
  case discardingBody
  /// Complete and handed out with ``ConnectionMachine/Action/run(_:_:body:_:)``; no answer yet.
  case handedOut
  /// Answered, waiting for the answers before it to leave.
  case answered
}
