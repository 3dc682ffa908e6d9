import MVVMWebServer

/// Refuses a request for a host the site does not serve (DNS rebinding protection) with the
/// site's 400 page, before any route sees it.
public struct HostCheck: Middleware {
  let allowedHosts: AllowedHosts
  let errorPage: @Sendable (HTTPStatus, String, Request) -> Response

  /// Lets through the hosts `allowedHosts` allows; the rest get `errorPage`'s 400, which says
  /// how to allow one.
  public init(
    _ allowedHosts: AllowedHosts,
    errorPage: @escaping @Sendable (HTTPStatus, String, Request) -> Response
  ) {
    self.allowedHosts = allowedHosts
    self.errorPage = errorPage
  }

  public func respond(to request: inout Request, next: Next) -> Response {
    guard allowedHosts.allows(request.host) else {
      let host = request.host.map { String(HostName.withoutPort($0).prefix(100)) }
      return errorPage(
        .badRequest,
        "This server does not answer for the host \(host ?? "(none)"). If it should, start it "
          + "with that name among its allowed hosts (mvvmweb serve --allowed-hosts "
          + "\(host ?? "example.com")).", request)
    }
    return next(&request)
  }
}

/// Answers a browser's revalidation of an unchanged page (`If-None-Match` naming the tag last
/// handed out for its address, whose data has not changed) with 304, before routing: a
/// revalidation costs no more than the cheapest answer.
public struct EarlyRevalidation: Middleware {
  let validator: PageValidator

  /// Confirms the tags `validator` handed out.
  public init(_ validator: PageValidator) {
    self.validator = validator
  }

  public func respond(to request: inout Request, next: Next) -> Response {
    validator.confirmBeforeRouting(request) ?? next(&request)
  }
}

/// Puts the site's security headers on every answer but a 304 (the browser's copy has them),
/// and on a 503 (the store busy, the server stopping) says when to come back.
public struct SecurityHeadersMiddleware: Middleware {
  /// The headers of `SecurityHeaders`: a strict content security policy, no sniffing, no
  /// referrer to other sites, and a cache policy when the answer has none.
  public init() {}

  public func respond(to request: inout Request, next: Next) -> Response {
    var response = next(&request)
    response.amend { response in
      SecurityHeaders.apply(to: &response)
      if response.status == .serviceUnavailable, !response.headers.contains("retry-after") {
        response.headers.add("Retry-After", "5")
      }
    }
    return response
  }
}
