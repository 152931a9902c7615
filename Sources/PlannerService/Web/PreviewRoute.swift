import HTTP1

/// `GET /`: the preview page, embedded at build time from web/preview.html; `GET /player.js`: the
/// player module it and other pages import, from web/player.js.
extension PlannerApp {
  static let previewBody = Array(PreviewPage.html.utf8)
  static let previewETag = ETag.of(previewBody)

  /// The page may load nothing from elsewhere: scripts and styles are inline, images only
  /// `data:` URLs, and requests go to this origin alone; no other page may frame it
  /// (clickjacking) and no `<base>` may redirect its relative URLs.
  static let previewContentSecurityPolicy =
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    + "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"

  /// The page with its tag; `no-cache` makes browsers revalidate, so a new build's page is seen at
  /// once while an unchanged one costs a 304.
  func previewPage(_ head: HTTPRequestHead) -> HTTPResponse {
    let fresh = ETag.matches(head.headers["If-None-Match"], Self.previewETag)
    var r =
      fresh
      ? respond(304, nil, [], head: head)
      : respond(200, "text/html; charset=utf-8", Self.previewBody, head: head)
    r.headers.add(name: "ETag", value: Self.previewETag)
    r.headers.add(name: "Cache-Control", value: "no-cache")
    r.headers.add(name: "Content-Security-Policy", value: Self.previewContentSecurityPolicy)
    return r
  }

  static let playerBody = Array(PlayerScript.source.utf8)
  static let playerETag = ETag.of(playerBody)

  /// `GET /player.js`: the player module, embedded at build time from web/player.js; revalidated
  /// like the page (`no-cache`), so a page always imports the build's module.
  func playerScript(_ head: HTTPRequestHead) -> HTTPResponse {
    let fresh = ETag.matches(head.headers["If-None-Match"], Self.playerETag)
    var r =
      fresh
      ? respond(304, nil, [], head: head)
      : respond(200, "text/javascript; charset=utf-8", Self.playerBody, head: head)
    r.headers.add(name: "ETag", value: Self.playerETag)
    r.headers.add(name: "Cache-Control", value: "no-cache")
    return r
  }
}
