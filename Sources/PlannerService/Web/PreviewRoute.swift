import HTTP1

/// `GET /`: the preview page, embedded at build time from web/preview.html; `GET /player.js`: the
/// player module it and other pages import, from web/player.js.
extension PlannerApp {
  static let previewBody = CodedBody(Array(PreviewPage.html.utf8))

  /// The page may load nothing from elsewhere: scripts and styles are inline, images only
  /// `data:` URLs, and requests go to this origin alone; no other page may frame it
  /// (clickjacking) and no `<base>` may redirect its relative URLs.
  static let previewContentSecurityPolicy =
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    + "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"

  /// The page with its tag (one per coding); `no-cache` makes browsers revalidate, so a new
  /// build's page is seen at once while an unchanged one costs a 304.
  func previewPage(_ head: HTTPRequestHead, _ accepted: AcceptEncoding) -> HTTPResponse {
    var r = embedded(Self.previewBody, "text/html; charset=utf-8", head, accepted)
    r.headers.add(name: "Content-Security-Policy", value: Self.previewContentSecurityPolicy)
    return r
  }

  static let playerBody = CodedBody(Array(PlayerScript.source.utf8))

  /// `GET /player.js`: the player module, embedded at build time from web/player.js; revalidated
  /// like the page (`no-cache`), so a page always imports the build's module.
  func playerScript(_ head: HTTPRequestHead, _ accepted: AcceptEncoding) -> HTTPResponse {
    embedded(Self.playerBody, "text/javascript; charset=utf-8", head, accepted)
  }

  /// An embedded file: 200 in the accepted coding, or 304 when If-None-Match names that
  /// coding's tag.
  func embedded(
    _ body: CodedBody, _ contentType: String, _ head: HTTPRequestHead, _ accepted: AcceptEncoding
  ) -> HTTPResponse {
    var (r, etag) = coded(200, contentType, body, accepted, head: head)
    if ETag.matches(head.headers["If-None-Match"], etag) {
      r = respond(304, nil, [], head: head)
    }
    r.headers.add(name: "ETag", value: etag)
    r.headers.add(name: "Cache-Control", value: "no-cache")
    return r
  }
}
