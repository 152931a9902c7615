/// One event produced by ``HTTPRequestParser``: a head, some body bytes, then the end.
///
/// Body bytes may arrive in any number of `.body` parts (as the network delivers them); a request
/// without a body is `.head` immediately followed by `.end`.
public enum HTTPRequestPart: Sendable, Equatable {
  case head(HTTPRequestHead)
  case body([UInt8])
  case end
}
