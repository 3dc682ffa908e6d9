import MVVMWebServer

/// Refuses form posts another site makes the browser send (CSRF), the way Go's
/// `CrossOriginProtection` does: trust the browser's `Sec-Fetch-Site`, else compare `Origin` with
/// the scheme and host the browser used (the forwarded ones behind a proxy). Requests with
/// neither header come from non-browser clients and pass.
package enum CrossSiteCheck {
  package static func allows(_ request: Request) -> Bool {
    if let site = request.headers["sec-fetch-site"] {
      return site == "same-origin" || site == "none"
    }
    guard let origin = request.headers["origin"] else { return true }
    guard let host = request.host else { return false }
    return origin.lowercased() == "\(request.scheme)://\(host)".lowercased()
  }

  package static let refusal = HTTPError(
    .forbidden,
    "This form was sent from another site, so it was refused. Open the page here and send it again."
  )
}
