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
/// A step of the middleware tests, which marks the request on its way in and the answer on its way
/// out, made now or later:
///
/// ```swift
/// struct Trail: Middleware {
///   let name: String
///
///   func respond(to request: inout Request, next: Next) -> Response {
///     request.headers.add("X-Trail", name)
///     var response = next(&request)
///     response.amend { [name] in $0.headers.add("X-Back", name) }
///     return response
///   }
/// }
/// ```
///
/// listed twice, the first seeing the request first and the answer last:
///
/// ```swift
/// $0.middleware = [Trail(name: "first"), Trail(name: "second")]
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
  let chain: Chain
  /// The first middleware of the rest; nil when only the responder is left.
  let step: Chain.Step?

  /// Passes the request on and returns the answer made further along the chain.
  public func callAsFunction(_ request: inout Request) -> Response {
    chain.respond(to: &request, from: step)
  }

  /// Whether the server has begun to stop (`HTTPServer.shutdown`): the requests it still
  /// answers are those already received, and a health check should tell the load balancer.
  public var serverIsDraining: Bool { chain.draining.isDraining }
}

/// The middleware and the responder of one server, linked once: passing a request on follows a
/// reference and allocates nothing.
final class Chain: Sendable {
  /// One middleware, and the one listed after it. Each is kept in a class's constant, where it
  /// is called in place: an array's element is copied out (and destroyed) for each call.
  final class Step: Sendable {
    let middleware: any Middleware
    let next: Step?

    init(_ middleware: any Middleware, next: Step?) {
      self.middleware = middleware
      self.next = next
    }
  }

  let draining: DrainingState
  /// Where every request starts.
  let first: Step?
  private let responder: any Responder

  init(_ middleware: [any Middleware], then responder: any Responder, draining: DrainingState) {
    first = middleware.reversed().reduce(nil) { next, middleware in Step(middleware, next: next) }
    self.responder = responder
    self.draining = draining
  }

  /// Answers with `step` and the middleware after it, then the responder.
  func respond(to request: inout Request, from step: Step?) -> Response {
    guard let step else { return responder.respond(to: request) }
    return step.middleware.respond(to: &request, next: Next(chain: self, step: step.next))
  }
}

extension Next {
  /// The rest of a chain that only answers with `respond`: to try a middleware alone, without a
  /// server.
  ///
  /// ```swift
  /// var request = try Request(method: .get, target: "/")
  /// let answer = Stamp().respond(
  ///   to: &request, next: .answering { request in .text(request.headers["x-seen"] ?? "no") })
  /// ```
  public static func answering(_ respond: @escaping @Sendable (Request) -> Response) -> Next {
    Next(
      chain: Chain([], then: AnsweringResponder(respond: respond), draining: DrainingState()),
      step: nil)
  }
}

/// A responder that is one function.
private struct AnsweringResponder: Responder {
  let respond: @Sendable (Request) -> Response

  func respond(to request: Request) -> Response {
    respond(request)
  }
}
