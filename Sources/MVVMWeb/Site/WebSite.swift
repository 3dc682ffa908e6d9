import MVVMWebServer

/// A built site: the server's responder (its router) and the middleware it needs in front of
/// it. Made by `Site.build()`, and served by an `HTTPServer` (here on any free port of
/// 127.0.0.1):
///
/// ```swift
/// let website = try site.build()
/// let server = HTTPServer(
///   configuration: try website.serverConfiguration(address: .tcp(host: "127.0.0.1", port: 0)),
///   responder: website)
/// ```
public struct WebSite: Responder {
  /// How the site is served.
  public let configuration: SiteConfiguration
  /// Every route of every feature.
  package let router: Router
  /// Confirms unchanged pages by their data's version, before routing.
  let validator: PageValidator
  /// The site's templates and links.
  let shelf: TemplateShelf
  /// Who reads the requests' sessions, when the site has accounts.
  public let sessions: (any SessionResolver)?

  /// The address of `destination` as the site's templates print it, without the base path;
  /// `about:invalid#blocked` for a destination no feature prints.
  public func path(for destination: any Destination) -> String {
    switch shelf.current() {
    case .success(let loaded): loaded.links.signedOut.path(for: destination)
    case .failure: URLSafetyBlocked.url
    }
  }

  /// What the site puts in front of its routes, in this order: the cache policy and
  /// `Retry-After` on every answer (the refusals below included), the host check, the forms'
  /// input events answered 204 when live updates are off (`InputEventsOff`), who is asking (the
  /// sessions, when the site has accounts), and the revalidation of unchanged pages before
  /// routing. List them after the server's standard middleware.
  public var middleware: [any Middleware] {
    middleware(allowing: configuration.allowedHosts)
  }

  private func middleware(allowing hosts: AllowedHosts) -> [any Middleware] {
    let liveOff: [any Middleware] = configuration.live.maxStreams <= 0 ? [InputEventsOff()] : []
    return [
      SecurityHeadersMiddleware(),
      HostCheck(hosts, errorPage: router.errorPage),
    ] + liveOff + (sessions.map { [$0] } ?? []) + [EarlyRevalidation(validator)]
  }

  /// What a server needs to serve this site at `address`: the server's standard middleware then
  /// the site's, the proxy rules applied to every request (`prepare`), the security headers
  /// written on every answer (`answerHeaders`, refusals and `/healthz` included), and the
  /// site's metrics. Change the other limits on the result.
  ///
  /// The hosts the site answers are its configuration's, or by default (`AllowedHosts.ownNames`)
  /// the address's own: on loopback its names, on a unix socket any. On another address a site
  /// that was not told its names is refused here (`AllowedHostsRequired`), before it listens.
  public func serverConfiguration(
    address: ServerConfiguration.Address
  ) throws(AllowedHostsRequired) -> ServerConfiguration {
    let hosts = try configuration.allowedHosts.served(at: address)
    return ServerConfiguration(
      address: address, metrics: configuration.metrics.server,
      middleware: ServerConfiguration.standardMiddleware + middleware(allowing: hosts),
      requestPreparer: { [self] in prepare(&$0, allowing: hosts) },
      answerHeaders: answerHeaders)
  }

  /// The header fields every answer of the site carries, whatever made it (a page, `/healthz`,
  /// the server's own refusal of a request it could not read): a strict content security
  /// policy, no type sniffing and no referrer to other sites. Give them to the server as
  /// `ServerConfiguration.answerHeaders` (`serverConfiguration(address:)` does).
  public var answerHeaders: HTTPHeaders { SecurityHeaders.fields }

  /// Answers `request` through the router.
  public func respond(to request: Request) -> Response {
    router.respond(to: request)
  }

  /// Fills in what the request looked like where it entered the deployment: the real client,
  /// scheme, host and path prefix, believed only from trusted proxies, and only for a request
  /// whose own `Host` the site serves. Give it to the server as
  /// `ServerConfiguration.requestPreparer`.
  public func prepare(_ request: inout Request) {
    prepare(&request, allowing: configuration.allowedHosts)
  }

  private func prepare(_ request: inout Request, allowing hosts: AllowedHosts) {
    let (peer, peerText): (ProxyPeer, String) =
      switch request.peer {
      case .unix: (.unixSocket, "unix")
      case .ip(let address, _): (.ip(address), address)
      }
    let headers = request.headers
    let forwarded = ForwardedRequest.resolve(peer: peer, trusted: configuration.trustedProxies) {
      headers[$0]
    }
    // The host the connection received is checked before anything a proxy says is believed: a
    // page on a name rebound to 127.0.0.1 (DNS rebinding) may send `X-Forwarded-Host:
    // localhost`, and loopback is a trusted proxy. Left as it came, the host check refuses it.
    // Asked only when a proxy said something: otherwise the host check sees the host as it came.
    let saysMore =
      forwarded.host != nil || forwarded.scheme != nil || forwarded.prefix != nil
      || forwarded.requestID != nil || forwarded.clientAddress != peerText
    guard !saysMore || hosts.allows(request.host) else {
      request.basePath = configuration.basePath
      return
    }
    request.clientAddress = forwarded.clientAddress
    if let scheme = forwarded.scheme { request.scheme = scheme }
    // A forwarded host replaces it, and the host check then checks that one in its turn.
    if let host = forwarded.host { request.host = host }
    request.basePath = forwarded.prefix ?? configuration.basePath
    if let id = forwarded.requestID { request.id = id }
  }
}
