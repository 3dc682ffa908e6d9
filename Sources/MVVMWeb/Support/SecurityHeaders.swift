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

  static func apply(to response: inout Response) {
    // A 304 updates the copy a browser or cache keeps, which has these already: it carries only
    // the validator and caching fields (RFC 9110 §15.4.5), and the rest of the stored headers
    // stay as they were (RFC 9111 §4.3.4). Revalidations are most of a busy page's requests.
    guard response.status != .notModified else { return }
    // These and perhaps Cache-Control: room for all in one step.
    response.headers.reserveCapacity(response.headers.fields.count + 4)
    response.headers.add("Content-Security-Policy", contentSecurityPolicy)
    response.headers.add("X-Content-Type-Options", "nosniff")
    response.headers.add("Referrer-Policy", "same-origin")
    guard !response.headers.contains("cache-control") else { return }
    // Pages change with the data: a cache may keep one but must ask again before showing it.
    // A redirect answers one post or one moment, so it is not kept at all.
    if (300..<400).contains(response.status.code) {
      response.headers.add("Cache-Control", "no-store")
    } else {
      response.headers.add("Cache-Control", "no-cache")
    }
  }
}
