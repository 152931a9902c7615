/// Text that is not acceptable JSON: the 0-based byte offset of the problem and what it is.
public struct JSONSyntaxError: Error, Sendable, Hashable {
  public var offset: Int
  public var message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }
}
