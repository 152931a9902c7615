import JSON

/// One entry of `GET /v1/styles`.
public struct StyleSummary: Sendable, Hashable {
  public var name: String
  public var summary: String
  public var operations: [String]

  init?(_ v: JSONValue) {
    guard let name = string(v["name"]), let summary = string(v["summary"]),
      case .array(let ops) = v["operations"]
    else { return nil }
    self.name = name
    self.summary = summary
    operations = ops.compactMap { string($0["name"]) }
  }
}
