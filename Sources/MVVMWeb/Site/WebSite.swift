import MVVMWebServer

/// A built site, the server's responder: it refuses hosts it does not serve, confirms unchanged
/// pages before routing, routes, and puts the security headers on every answer. Made by
/// `Site.build()`.
public struct WebSite: Responder {
  /// How the site is served.
  public let configuration: SiteConfiguration
  /// Every route of every feature.
  public let router: Router
  /// Confirms unchanged pages by their data's version, before routing.
  let validator: PageValidator
  /// The site's templates and links.
  let shelf: TemplateShelf

  /// The address of `destination` as the site's templates print it, without the base path;
  /// `about:invalid#blocked` for a destination no feature prints.
  public func path(for destination: any Destination) -> String {
    switch shelf.current() {
    case .success(let loaded): loaded.links.path(for: destination)
    case .failure: URLSafetyBlocked.url
    }
  }

  /// Answers `request`: through the router when its host is served, a 400 page otherwise.
  public func respond(to request: Request) -> Response {
    var response: Response
    if configuration.allowedHosts.allows(request.host) {
      // A 304 carries none of the security headers: the browser's copy has them.
      if let confirmed = validator.confirmBeforeRouting(request) { return confirmed }
      response = router.respond(to: request)
    } else {
      response = router.errorPage(
        .badRequest, "This server does not answer for the host \(request.host ?? "(none)").",
        request)
    }
    response.amend { Self.finish(&$0) }
    return response
  }

  /// What every answer of the site carries: the security headers, and on a 503 (the store busy,
  /// the server stopping) when to come back.
  static func finish(_ response: inout Response) {
    SecurityHeaders.apply(to: &response)
    if response.status == .serviceUnavailable, !response.headers.contains("retry-after") {
      response.headers.add("Retry-After", "5")
    }
  }

  /// Fills in what the request looked like where it entered the deployment: the real client,
  /// scheme, host and path prefix, believed only from trusted proxies. Give it to the server as
  /// `ServerConfiguration.requestPreparer`.
  public func prepare(_ request: inout Request) {
    let peer: ProxyPeer =
      switch request.peer {
      case .unix: .unixSocket
      case .ip(let address, _): .ip(address)
      }
    let headers = request.headers
    let forwarded = ForwardedRequest.resolve(peer: peer, trusted: configuration.trustedProxies) {
      headers[$0]
    }
    request.clientAddress = forwarded.clientAddress
    if let scheme = forwarded.scheme { request.scheme = scheme }
    if let host = forwarded.host { request.host = host }
    request.basePath = forwarded.prefix ?? configuration.basePath
    if let id = forwarded.requestID { request.id = id }
  }
}
