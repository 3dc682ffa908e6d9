/// Answers a liveness probe at `path` (`/healthz` by default): 200 `ok`, or 503 `draining` once
/// the server has begun to stop, so a load balancer sends new clients elsewhere while the
/// answers in flight are finished. It never passes the probe on, so no store, lock or slow
/// handler of the app can make a live process look dead; a readiness check that asks the app's
/// stores is the app's own route.
///
/// Listed before the middleware whose work the probe does not need (compression), it skips
/// them.
///
/// The standard middleware list it so (`ServerConfiguration.standardMiddleware`):
///
/// ```swift
/// [RequestIDMiddleware(), HealthCheck(path: "/healthz"), Compression()]
/// ```
///
/// and a server of its tests answers it at another path:
///
/// ```swift
/// $0.middleware = [HealthCheck(path: "/alive")]
/// ```
public struct HealthCheck: Middleware {
  /// The path the probe asks for, compared with the request's path as sent.
  public let path: String
  /// The path's length in bytes, compared first: nearly every path differs in length.
  private let pathLength: Int

  /// A probe answered at `path`, a path as the client sends it (`/healthz`, `/-/alive`).
  public init(path: String = "/healthz") {
    self.path = path
    pathLength = path.utf8.count
  }

  /// Answers a request for `path` (GET and HEAD; anything else is a 405), and passes every
  /// other request on.
  public func respond(to request: inout Request, next: Next) -> Response {
    guard request.path.utf8.count == pathLength, request.path == path else {
      return next(&request)
    }
    var response: Response
    if request.method == .get || request.method == .head {
      response =
        next.serverIsDraining ? .text("draining", status: .serviceUnavailable) : .text("ok")
    } else {
      response = .text("\(path) answers GET and HEAD only.\n", status: .methodNotAllowed)
      response.headers.add("Allow", "GET, HEAD")
    }
    response.headers.add("Cache-Control", "no-store")
    response.route = path
    return response
  }
}
