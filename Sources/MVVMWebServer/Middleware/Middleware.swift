/// A step every request takes on its way to the responder, in the order the app lists them in
/// `ServerConfiguration.middleware`. A middleware can answer by itself (a health check), change
/// the request before passing it on (its id, what a proxy says about it), or change the answer
/// on its way back (compression, security headers).
///
/// The request is `inout` so that what a middleware sets on it before calling `next` (its id,
/// the real client) is what the server writes in `X-Request-Id` and in the access line. An
/// answer made later (`Response.later`, an async handler) comes back from `next` before it is
/// made: change it with `Response.amend`, which applies the change now, or once it is made.
///
/// ```swift
/// struct NoSniff: Middleware {
///   func respond(to request: inout Request, next: Next) -> Response {
///     var response = next(&request)
///     response.amend { $0.headers.replaceOrAdd("X-Content-Type-Options", "nosniff") }
///     return response
///   }
/// }
///
/// let configuration = ServerConfiguration(
///   middleware: [RequestIDMiddleware(), HealthCheck(path: "/alive"), NoSniff(), Compression()])
/// ```
///
/// `respond` runs on the connection's queue, like a responder. The chain is put together once,
/// when the server is made. After the last middleware has answered, the server still turns an
/// answer with CR, LF or NUL in a header into a 500, and writes the access line once the answer
/// is sent: neither can be left out.
public protocol Middleware: Sendable {
  /// Answers `request`: by itself, or with what `next` answers, changed or not.
  func respond(to request: inout Request, next: Next) -> Response
}

/// The rest of the chain after a middleware: the middleware listed after it, then the responder.
public struct Next: Sendable {
  let link: any Link

  /// Passes the request on and returns the answer made further along the chain.
  public func callAsFunction(_ request: inout Request) -> Response {
    link.respond(to: &request)
  }

  /// Whether the server has begun to stop (`HTTPServer.shutdown`): the requests it still
  /// answers are those already received, and a health check should tell the load balancer.
  public var serverIsDraining: Bool { link.draining.isDraining }
}

/// One step of the chain: a middleware with the step after it, or the responder at the end.
/// Built once per server, so answering a request follows references and allocates nothing.
protocol Link: AnyObject, Sendable {
  var draining: DrainingState { get }
  func respond(to request: inout Request) -> Response
}

/// The first step of a chain that takes `middleware` in order, and then `responder`.
func firstLink(
  of middleware: [any Middleware], then responder: any Responder, draining: DrainingState
) -> any Link {
  var link: any Link = ResponderLink(responder, draining: draining)
  for step in middleware.reversed() {
    link = linking(step, to: link, draining: draining)
  }
  return link
}

/// A link for `step` as the type it is: called with an `any Middleware`, it opens the box once.
private func linking<Step: Middleware>(
  _ step: Step, to next: any Link, draining: DrainingState
) -> any Link {
  MiddlewareLink(step, next: next, draining: draining)
}

/// A middleware, kept as its own type (the existential opened once, here) so that calling it
/// does not copy it out of a box on every request.
private final class MiddlewareLink<Step: Middleware>: Link {
  let draining: DrainingState
  private let step: Step
  private let next: Next

  init(_ step: Step, next: any Link, draining: DrainingState) {
    self.step = step
    self.next = Next(link: next)
    self.draining = draining
  }

  func respond(to request: inout Request) -> Response {
    step.respond(to: &request, next: next)
  }
}

/// The app's responder, after the last middleware.
private final class ResponderLink: Link {
  let draining: DrainingState
  private let responder: any Responder

  init(_ responder: any Responder, draining: DrainingState) {
    self.responder = responder
    self.draining = draining
  }

  func respond(to request: inout Request) -> Response {
    responder.respond(to: request)
  }
}
