/// The one grammar of `Accept` and `Accept-Encoding` (RFC 9110 5.6.1 lists, 5.6.6 parameters,
/// 12.4.2 weights): comma-separated elements, each a value with `;name=value` parameters, of
/// which `q` weighs it. One parser and one q rule for both fields and every route.
///
/// - A `q` is a qvalue: `0` or `1` with at most three decimals (`1` only with zeros). `q=0`
///   refuses; anything else (`1e-3`, `nan`, `0.1234`, `1.5`) is no weight, and the element
///   counts as `q=1` (the parameter is disregarded, as a field a server cannot read may be).
/// - Only ``maximumElements`` elements are read (the head is read on the event loop). A field
///   with more is disregarded whole, as RFC 9110 12.5.1 allows for `Accept`: a 406 that claimed
///   the field admits none of the types would speak of elements never read.
struct WeightedList {
  struct Element: Equatable {
    /// Lowercased, without parameters: `text/css`, `*/*`, `gzip`.
    var value: String
    var q: Double
  }

  var elements: [Element]

  /// Real clients send fewer than ten; a legal 14 KB header of 1,200 ranges cost 4.2 ms of the
  /// event loop when read whole.
  static let maximumElements = 64

  /// nil when no field is given, or the fields hold more than ``maximumElements`` elements.
  init?(_ fields: [String]) {
    guard !fields.isEmpty else { return nil }
    var elements: [Element] = []
    var count = 0
    for field in fields {
      var field = field
      let fits = field.withUTF8 { Self.parse($0, into: &elements, count: &count) }
      if !fits { return nil }
    }
    self.elements = elements
  }

  // Read as bytes: the same parse on `Substring`s (split, trim, lowercased) walked the header
  // by `Character` and cost 200 µs of the event loop per request for the 64 elements of a
  // 14 KB Accept (perf record on wrk; GET /v1/plans went from 245 to 60 µs of server CPU).
  // Through the field's own storage (`withUTF8`, the only pointer taken here) rather than a
  // copy into an array: with copies such a request took 123-135 µs against 86-98 µs (wrk -t2
  // -c64 -d5s with that Accept, the same build otherwise, 3 rounds).
  /// Appends the non-empty elements of `bytes`; false once `count` passes the bound.
  private static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, into elements: inout [Element], count: inout Int
  ) -> Bool {
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
      let element = trimmed(bytes, start..<end)
      if !element.isEmpty {
        count += 1
        if count > maximumElements { return false }
        if let parsed = self.element(bytes, element) { elements.append(parsed) }
      }
      start = end + 1
    }
    return true
  }

  /// The value (lowercased) and its weight; nil for an element whose value is empty.
  private static func element(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Element?
  {
    var pieces: [Range<Int>] = []
    var start = range.lowerBound
    for i in range where bytes[i] == UInt8(ascii: ";") {
      pieces.append(start..<i)
      start = i + 1
    }
    pieces.append(start..<range.upperBound)
    let value = trimmed(bytes, pieces[0])
    guard !value.isEmpty else { return nil }
    var q = 1.0
    for parameter in pieces.dropFirst() {
      guard let equals = parameter.first(where: { bytes[$0] == UInt8(ascii: "=") }) else {
        continue
      }
      let name = trimmed(bytes, parameter.lowerBound..<equals)
      guard name.count == 1, bytes[name.lowerBound] | 0x20 == UInt8(ascii: "q") else { continue }
      q =
        qvalue(
          UnsafeBufferPointer(rebasing: bytes[trimmed(bytes, (equals + 1)..<parameter.upperBound)]))
        ?? 1
    }
    return Element(value: lowercased(UnsafeBufferPointer(rebasing: bytes[value])), q: q)
  }

  /// RFC 9110 12.4.2's `qvalue`; nil for anything else.
  static func qvalue(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { qvalue($0) }
  }

  static func qvalue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1")
    else { return nil }
    guard bytes.count > 1 else { return first == UInt8(ascii: "1") ? 1 : 0 }
    guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
    var thousandths = 0
    var scale = 100
    for digit in bytes.dropFirst(2) {
      guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
      thousandths += Int(digit - UInt8(ascii: "0")) * scale
      scale /= 10
    }
    if first == UInt8(ascii: "1") { return thousandths == 0 ? 1 : nil }
    return Double(thousandths) / 1000
  }

  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Range<Int>
  {
    func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    func isUpper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
    guard bytes.contains(where: isUpper) else { return String(decoding: bytes, as: UTF8.self) }
    return String(decoding: bytes.map { isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
