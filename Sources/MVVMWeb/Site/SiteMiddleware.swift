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

/// The part of the site's security policy that depends on the answer: a cache policy on every
/// answer that has none but a 304 (the browser's copy has one), and on a 503 (the store busy,
/// the server stopping) when to come back. The headers that are the same on every answer (the
/// content security policy, no sniffing, no referrer to other sites) the server writes itself,
/// on its own refusals too: `WebSite.answerHeaders`.
public struct SecurityHeadersMiddleware: Middleware {
  /// `no-cache` for pages and `no-store` for redirects when the answer says nothing, and
  /// `Retry-After: 5` on a 503 that does not say.
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
