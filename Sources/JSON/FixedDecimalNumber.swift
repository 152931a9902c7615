extension JSONWriter {
  /// `value` exactly as ``number(_:)`` writes it, for a value the document has rounded to
  /// `decimals` places (the native documents' 1e-4 pt, CSS's 1e-7, ...). The call sites name
  /// their rounding so that a faster writer for such values has one place to go; none is here
  /// yet, because none paid for itself: writing the rounded integer's digits straight into
  /// the buffer saved 2.8 % of a `coreanimation` answer (pointer code, under the 5 % such code
  /// must gain), and the same through the writer's checked members cost 0.8 % more than
  /// ``number(_:)`` (scripts/bench/native-instructions.sh .build/release/planner-bench 20
  /// coreanimation: 5,455,752 / 5,609,640 / 5,564,145 instructions).
  @inlinable
  public mutating func number(_ value: Double, decimals: Int) {
    precondition((0...9).contains(decimals), "decimals outside 0...9")
    number(value)
  }
}
