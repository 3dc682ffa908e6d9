/// Gives each request an id (`RequestID`): the server writes it in the answer's `X-Request-Id`,
/// in place of any a handler set, and in the access line, so a complaint quoting it leads to the
/// request's lines in the log. A request that already has one (the `X-Request-Id` a trusted
/// proxy sent, set by `ServerConfiguration.requestPreparer` or an earlier middleware) keeps it,
/// so one id follows the request through the whole deployment.
///
/// Without it, requests have no id: the answer carries no `X-Request-Id` and the access line no
/// `request-id`.
///
/// A server of its tests, where a step before it (`SetID`) gives the request the id a proxy would,
/// which is kept:
///
/// ```swift
/// $0.middleware = [SetID(id: "from-the-proxy"), RequestIDMiddleware()]
/// ```
public struct RequestIDMiddleware: Middleware {
  /// The step that gives ids; it has nothing to configure.
  public init() {}

  /// Gives `request` an id unless it has one, and passes it on.
  public func respond(to request: inout Request, next: Next) -> Response {
    if request.id.isEmpty { request.id = RequestID.next() }
    return next(&request)
  }
}
