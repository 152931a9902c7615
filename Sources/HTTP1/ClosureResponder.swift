/// A responder made of closures (tests, small tools): `head` may refuse a head; every other
/// head is accepted, its body read and `handler` run on the workers.
public struct ClosureResponder: HTTPResponder {
  let head: @Sendable (HTTPRequestHead) -> HTTPResponse?
  let handler: @Sendable (HTTPRequest) -> HTTPResponse

  public init(
    head: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse? = { _ in nil },
    _ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    self.head = head
    self.handler = handler
  }

  public func judge(_ head: HTTPRequestHead, _ context: HTTPHeadContext) -> HTTPHeadVerdict {
    if let refusal = self.head(head)
      ?? context.bodyTooLarge.map({ serverResponse($0, origin: nil) })
    {
      return .refuse(refusal)
    }
    let handler = handler
    return .accept { request in .later { handler(request) } }
  }
}
