/// The paths the service answers, each with its facts (``Facts``: methods, body, what it
/// produces, compression) in one table.
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

  /// What a route answers, and how: one row of ``facts`` per route.
  public struct Facts: Sendable {
    /// The methods it allows (405 with `Allow` otherwise): HEAD wherever GET is, OPTIONS
    /// everywhere (CORS preflight).
    public let methods: [String]
    /// The methods whose requests carry a JSON body (415 for another `Content-Type`).
    public let bodyMethods: [String]
    public let produces: Produces
    /// Whether its answers are worth compressing: not the probes and the metrics, which are
    /// small, polled often and read by tools that may not decompress.
    public let compressible: Bool
  }

  /// What a route's successful answers are, and so how `Accept` is read for it.
  public enum Produces: Sendable, Equatable {
    /// One media type: 406 when `Accept` excludes it.
    case type(String, String)
    /// Every export format, negotiated from `format` and `Accept` (``FormatNegotiation``).
    case exportFormats
  }

  private static let read = ["GET", "HEAD", "OPTIONS"]

  /// The route table.
  public var facts: Facts {
    switch self {
    case .plans: Self.plansFacts
    case .interactions: Self.interactionsFacts
    case .styles: Self.stylesFacts
    case .healthz, .readyz: Self.probeFacts
    case .metrics: Self.metricsFacts
    case .openapi: Self.openapiFacts
    case .preview: Self.previewFacts
    case .player: Self.playerFacts
    }
  }

  private static let plansFacts = Facts(
    methods: ["GET", "HEAD", "POST", "OPTIONS"], bodyMethods: ["POST"], produces: .exportFormats,
    compressible: true)
  private static let interactionsFacts = Facts(
    methods: ["POST", "OPTIONS"], bodyMethods: ["POST"], produces: .exportFormats,
    compressible: true)
  private static let stylesFacts = Facts(
    methods: read, bodyMethods: [], produces: .type("application", "json"), compressible: true)
  private static let probeFacts = Facts(
    methods: read, bodyMethods: [], produces: .type("application", "json"), compressible: false)
  private static let metricsFacts = Facts(
    methods: read, bodyMethods: [], produces: .type("text", "plain"), compressible: false)
  private static let openapiFacts = Facts(
    methods: read, bodyMethods: [], produces: .type("application", "yaml"), compressible: true)
  private static let previewFacts = Facts(
    methods: read, bodyMethods: [], produces: .type("text", "html"), compressible: true)
  private static let playerFacts = Facts(
    methods: read, bodyMethods: [], produces: .type("text", "javascript"), compressible: true)

  public var methods: [String] { facts.methods }

  /// Every method some route allows, in the order routes list them.
  public static let allMethods: [String] = allCases.reduce(into: []) { methods, route in
    for m in route.methods where !methods.contains(m) { methods.append(m) }
  }

  /// The label used in metrics: the path itself, so cardinality stays bounded.
  public var label: String { rawValue }
}
