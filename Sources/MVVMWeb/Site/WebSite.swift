import MVVMWebServer

/// A built site: the server's responder (its router) and the middleware it needs in front of
/// it. Made by `Site.build()`.
///
/// ```swift
/// let website = try site.build()
/// let server = HTTPServer(
///   configuration: website.serverConfiguration(address: .tcp(host: "127.0.0.1", port: 8080)),
///   responder: website)
/// ```
public struct WebSite: Responder {
  /// How the site is served.
  public let configuration: SiteConfiguration
  /// Every route of every feature.
  public let router: Router
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
    case .success(let loaded): loaded.links.path(for: destination)
    case .failure: URLSafetyBlocked.url
    }
  }

  /// What the site puts in front of its routes, in this order: the security headers on every
  /// answer (the refusals below included), the host check, the forms' input events answered
  /// 204 when live updates are off (`InputEventsOff`), who is asking (the sessions, when the
  /// site has accounts), and the revalidation of unchanged pages before routing. List them
  /// after the server's standard middleware.
  public var middleware: [any Middleware] {
    let liveOff: [any Middleware] = configuration.live.maxStreams <= 0 ? [InputEventsOff()] : []
    return [
      SecurityHeadersMiddleware(),
      HostCheck(configuration.allowedHosts, errorPage: router.errorPage),
    ] + liveOff + (sessions.map { [$0] } ?? []) + [EarlyRevalidation(validator)]
  }

  /// What a server needs to serve this site at `address`: the server's standard middleware then
  /// the site's, the proxy rules applied to every request (`prepare`), and the site's metrics.
  /// Change the other limits on the result.
  public func serverConfiguration(address: ServerConfiguration.Address) -> ServerConfiguration {
    ServerConfiguration(
      address: address, metrics: configuration.metrics.server,
      middleware: ServerConfiguration.standardMiddleware + middleware,
      requestPreparer: { [self] in prepare(&$0) })
  }

  /// Answers `request` through the router.
  public func respond(to request: Request) -> Response {
    router.respond(to: request)
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
