import JSON

/// Reads typed fields out of a JSON value (a ``JSONTapeValue`` of a request's tape, or a
/// ``JSONValue`` tree: the tests and the fuzz target compare the two), collecting every problem instead of stopping at the
/// first, so that a 422 lists all bad fields at once.
public struct FieldReader {
  public var errors: [FieldError] = []

  public init() {}

  public mutating func fail(_ pointer: JSONPointer, _ message: String) {
    errors.append(FieldError(pointer, message))
  }

  /// The object at `pointer`, or nil (recording an error) when it is missing and required, or
  /// not an object. `what` describes it in messages; `missing` replaces the message for a
  /// required object that is absent.
  public mutating func object<Node: JSONNode>(
    _ value: Node?, at pointer: @autoclosure () -> JSONPointer, required: Bool,
    what: @autoclosure () -> String? = nil, missing: String? = nil
  )
    -> Node?
  {
    // The pointer and the description only for an object that fails: list items and nested
    // objects of every request come through here.
    guard let value, !value.isNull || required else {
      if required { fail(pointer(), missing ?? what() ?? "is required") }
      return nil
    }
    guard value.isObject else {
      fail(
        pointer(),
        "must be an object" + (what().map { " (\($0))" } ?? "") + ", not \(value.typeName)")
      return nil
    }
    return value
  }

  public mutating func number<Node: JSONNode>(
    _ parent: Node?, _ key: String, at base: @autoclosure () -> JSONPointer, required: Bool,
    _ rule: NumberRule
  ) -> Double? {
    // The pointer and the messages are built only for a field that fails: this runs for every
    // field of every request, and almost all of them are fine.
    guard let value = parent?[key], !value.isNull else {
      if required, parent != nil {
        fail(base() + key, "is required; " + rule.message.replacingFirstMust())
      }
      return nil
    }
    guard let n = value.numberValue else {
      fail(base() + key, "must be a number, not \(value.typeName)")
      return nil
    }
    guard n.isFinite else {
      fail(base() + key, "must be a finite number (the literal overflows a double)")
      return nil
    }
    guard rule.allows(n) else {
      fail(base() + key, rule.message)
      return nil
    }
    return n
  }

  public mutating func string<Node: JSONNode>(
    _ parent: Node?, _ key: String, at base: @autoclosure () -> JSONPointer, required: Bool,
    oneOf allowed: [String]? = nil
  ) -> String? {
    // As in `number`: the pointer and the list of allowed values only for a field that fails.
    func allowedText() -> String? { allowed.map { "one of " + $0.joined(separator: ", ") } }
    guard let value = parent?[key], !value.isNull else {
      if required, parent != nil {
        fail(base() + key, "is required" + (allowedText().map { "; " + $0 } ?? ""))
      }
      return nil
    }
    guard let s = value.stringValue else {
      fail(
        base() + key,
        "must be a string" + (allowedText().map { " (" + $0 + ")" } ?? "")
          + ", not \(value.typeName)")
      return nil
    }
    if let allowed, !allowed.contains(s) {
      fail(base() + key, "must be " + allowedText()!)
      return nil
    }
    return s
  }

  public mutating func bool<Node: JSONNode>(
    _ parent: Node?, _ key: String, at base: @autoclosure () -> JSONPointer
  ) -> Bool? {
    guard let value = parent?[key], !value.isNull else { return nil }
    guard let b = value.boolValue else {
      fail(base() + key, "must be a boolean, not \(value.typeName)")
      return nil
    }
    return b
  }
}

extension String {
  /// "must be > 0" -> "> 0", for messages of the form "is required; > 0".
  fileprivate func replacingFirstMust() -> String {
    guard hasPrefix("must be ") else { return self }
    let rest = dropFirst("must be ".count)
    return rest.hasPrefix("a ") || rest.hasPrefix("an ") ? String(rest) : "a number " + rest
  }
}
