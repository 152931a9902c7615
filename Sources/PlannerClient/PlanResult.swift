import JSON

/// A plan as the service returned it, with the caching headers.
public struct PlanResult: Sendable {
  public var exchange: HTTPExchange
  /// nil for a 304 (not modified).
  public var json: JSONValue?
  public var etag: String?
  public var contentLocation: String?
  public var notModified: Bool { exchange.status == 304 }

  init(_ exchange: HTTPExchange) throws(PlannerClientError) {
    self.exchange = exchange
    json = try JSONDocument(exchange).json
    etag = exchange.header("ETag")
    contentLocation = exchange.header("Content-Location")
  }

  init(notModified exchange: HTTPExchange) {
    self.exchange = exchange
    json = nil
    etag = exchange.header("ETag")
    contentLocation = nil
  }

  public var style: String? { string(json?["style"]) }
  public var operation: String? { string(json?["operation"]) }
  public var duration: Double? { number(json?["duration"]) }
  public var frameRate: Int? { number(json?["frameRate"]).map { Int($0) } }
  public var curveType: String? { string(json?["timing"]?["curve"]?["type"]) }

  public var layerIDs: [String] {
    guard case .array(let layers) = json?["layers"] else { return [] }
    return layers.compactMap { string($0["id"]) }
  }

  /// Keyframes of one layer, as (t, x, y, width, height, alpha).
  public func keyframes(of id: String) -> [(
    t: Double, x: Double, y: Double, width: Double, height: Double, alpha: Double
  )] {
    guard case .array(let layers) = json?["layers"],
      let layer = layers.first(where: { string($0["id"]) == id }),
      case .array(let frames) = layer["keyframes"]
    else { return [] }
    return frames.compactMap { f in
      guard let t = number(f["t"]), let x = number(f["frame"]?["x"]),
        let y = number(f["frame"]?["y"]),
        let w = number(f["frame"]?["width"]), let h = number(f["frame"]?["height"]),
        let a = number(f["alpha"])
      else { return nil }
      return (t, x, y, w, h, a)
    }
  }
}
