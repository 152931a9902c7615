/// One invalid field: where it is (JSON Pointer) and what is allowed there.
public struct FieldError: Sendable, Hashable {
  public var pointer: String
  public var message: String

  public init(pointer: String, message: String) {
    self.pointer = pointer
    self.message = message
  }

  public init(_ pointer: JSONPointer, _ message: String) {
    self.init(pointer: pointer.description, message: message)
  }
}
