/// The paths the service answers, with the methods each allows. HEAD is allowed wherever GET
/// is, OPTIONS everywhere (CORS preflight).
public enum Route: String, Sendable, CaseIterable {
  case plans = "/v1/plans"
  case interactions = "/v1/interactions"
  case styles = "/v1/styles"
  case healthz = "/healthz"
  case readyz = "/readyz"
  case metrics = "/metrics"
  case openapi = "/openapi.yaml"
  /// The preview page (web/preview.html).
  case preview = "/"
  /// The player module (web/player.js).
  case player = "/player.js"

  public init?(path: Substring) {
    // A trailing slash names the same resource for clients that add one.
    var p = path
    if p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
    guard let route = Route(rawValue: String(p)) else { return nil }
    self = route
  }

  public var methods: [String] {
    switch self {
    case .plans: ["GET", "HEAD", "POST", "OPTIONS"]
    case .interactions: ["POST", "OPTIONS"]
    default: ["GET", "HEAD", "OPTIONS"]
    }
  }

  /// Every method some route allows, in the order routes list them.
  public static let allMethods: [String] = allCases.reduce(into: []) { methods, route in
    for m in route.methods where !methods.contains(m) { methods.append(m) }
  }

  /// The label used in metrics: the path itself, so cardinality stays bounded.
  public var label: String { rawValue }

  /// Whether a request to this route with `method` carries a JSON body.
  public func takesBody(_ method: String) -> Bool { method == "POST" }

  /// Whether the route's answers are worth compressing: everything but the probes and the
  /// metrics, which are small, polled often and read by tools that may not decompress.
  public var compressible: Bool {
    switch self {
    case .healthz, .readyz, .metrics: false
    default: true
    }
  }

  /// Whether the route's successful answer is JSON (406 applies), as opposed to text.
  public var producesJSON: Bool {
    switch self {
    case .plans, .interactions, .styles, .healthz, .readyz: true
    case .metrics, .openapi, .preview, .player: false
    }
  }
}
