import MVVMWebServer

/// What every answer of the app tells the browser about itself: no inline script or framing
/// (the delete confirmation cannot be clickjacked), no type sniffing, no full URLs leaked to
/// other sites, and how long it may be kept.
enum SecurityHeaders {
  /// Scripts, styles and frames only from us and never inline; covers may come from anywhere
  /// on the web (the playlist's file names them); forms post only to us.
  static let contentSecurityPolicy =
    "default-src 'self'; img-src 'self' https: http:; object-src 'none'; base-uri 'none'; "
    + "form-action 'self'; frame-ancestors 'none'"

  /// The fields every answer carries, the server's own refusals and `/healthz` included: the
  /// same for all, so the server writes them (`ServerConfiguration.answerHeaders`, which
  /// `WebSite.serverConfiguration(address:)` sets) as bytes made once.
  static let fields: HTTPHeaders = [
    "Content-Security-Policy": contentSecurityPolicy, "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
  ]

  /// How long the answer may be kept, when it does not say.
  static func apply(to response: inout Response) {
    // A 304 updates the copy a browser or cache keeps, which has its policy already: it carries
    // only the validator and caching fields (RFC 9110 §15.4.5). Revalidations are most of a busy
    // page's requests.
    guard response.status != .notModified, !response.headers.contains("cache-control") else {
      return
    }
    // Pages change with the data: a cache may keep one but must ask again before showing it.
    // A redirect answers one post or one moment, so it is not kept at all.
    if (300..<400).contains(response.status.code) {
      response.headers.add("Cache-Control", "no-store")
    } else {
      response.headers.add("Cache-Control", "no-cache")
    }
  }
}
