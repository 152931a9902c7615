public enum HTTPHeadVerdict: Sendable {
  /// Answer without reading the body; when a body follows, the connection closes after it.
  case refuse(HTTPResponse)
  /// Read the body (sending `100 Continue` when asked for), then answer with this.
  case accept(HTTPBodyResponder)
}
