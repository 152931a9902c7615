// The request decoder as it was before the tape (a JSONValue tree walked by the style's
// declarations), kept verbatim but renamed as the oracle that DecoderOracleTests compares
// the production decoder with.
import JSON

@testable import PlannerService

/// Reads typed fields out of parsed JSON, collecting every problem instead of stopping at the
/// first, so that a 422 lists all bad fields at once.
struct OracleFieldReader {
  var errors: [FieldError] = []

  init() {}

  mutating func fail(_ pointer: JSONPointer, _ message: String) {
    errors.append(FieldError(pointer, message))
  }

  /// The object at `pointer`, or nil (recording an error) when it is missing and required, or
  /// not an object. `what` describes it in messages; `missing` replaces the message for a
  /// required object that is absent.
  mutating func object(
    _ value: JSONValue?, at pointer: @autoclosure () -> JSONPointer, required: Bool,
    what: @autoclosure () -> String? = nil, missing: String? = nil
  )
    -> JSONValue?
  {
    // The pointer and the description only for an object that fails: list items and nested
    // objects of every request come through here.
    guard let value, value != .null || required else {
      if required { fail(pointer(), missing ?? what() ?? "is required") }
      return nil
    }
    guard case .object = value else {
      fail(
        pointer(),
        "must be an object" + (what().map { " (\($0))" } ?? "") + ", not \(value.typeName)")
      return nil
    }
    return value
  }

  mutating func number(
    _ parent: JSONValue?, _ key: String, at base: @autoclosure () -> JSONPointer, required: Bool,
    _ rule: NumberRule
  ) -> Double? {
    // The pointer and the messages are built only for a field that fails: this runs for every
    // field of every request, and almost all of them are fine.
    guard let value = parent?[key], value != .null else {
      if required, parent != nil {
        fail(base() + key, "is required; " + rule.message.oracleReplacingFirstMust())
      }
      return nil
    }
    guard case .number(let n) = value else {
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

  mutating func string(
    _ parent: JSONValue?, _ key: String, at base: @autoclosure () -> JSONPointer, required: Bool,
    oneOf allowed: [String]? = nil
  ) -> String? {
    // As in `number`: the pointer and the list of allowed values only for a field that fails.
    func allowedText() -> String? { allowed.map { "one of " + $0.joined(separator: ", ") } }
    guard let value = parent?[key], value != .null else {
      if required, parent != nil {
        fail(base() + key, "is required" + (allowedText().map { "; " + $0 } ?? ""))
      }
      return nil
    }
    guard case .string(let s) = value else {
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

  mutating func bool(
    _ parent: JSONValue?, _ key: String, at base: @autoclosure () -> JSONPointer
  ) -> Bool? {
    guard let value = parent?[key], value != .null else { return nil }
    guard case .bool(let b) = value else {
      fail(base() + key, "must be a boolean, not \(value.typeName)")
      return nil
    }
    return b
  }
}

extension String {
  /// "must be > 0" -> "> 0", for messages of the form "is required; > 0".
  fileprivate func oracleReplacingFirstMust() -> String {
    guard hasPrefix("must be ") else { return self }
    let rest = dropFirst("must be ".count)
    return rest.hasPrefix("a ") || rest.hasPrefix("an ") ? String(rest) : "a number " + rest
  }
}
