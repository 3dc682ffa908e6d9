import Glibc
import Logging

/// Routes requests by method and path pattern to handlers. Patterns are matched
/// segment by segment, without regular expressions: literal segments, `:name` for one segment and
/// a trailing `*name` for the rest of the path. A GET route answers HEAD too.
///
/// The patterns form a tree of segments, so a request walks one branch instead of trying every
/// route, and a literal segment is preferred over a parameter (`/users/refresh` over
/// `/users/:id`), whatever order the routes were added in.
///
/// A handler is synchronous (a render from memory answers on the connection's queue, at no extra
/// cost) or `async`: one that awaits (a database, another service) runs as a task and holds no
/// server thread while it waits.
///
/// ```swift
/// var router = Router()
/// router.get("/users/:id") { request in .text("person \(request.routeParameters["id"] ?? "?")") }
/// router.post("/users/refresh") { _ in .text("refreshed") }
/// ```
///
/// and a handler that waits:
///
/// ```swift
/// router.get("/nested") { request async throws in
///   try await Task.sleep(for: .milliseconds(1))
///   return Handing().respond(to: request)
/// }
/// ```
package struct Router: Responder {
  /// A handler that answers at once, on the connection's queue: a render from memory. An
  /// `HTTPError` it throws becomes its error page; any other error a logged 500.
  package typealias Handler = @Sendable (Request) throws -> Response
  /// A handler that may wait (a store, another service): it runs as a task, holding no server
  /// thread while it waits. Its errors are answered as a `Handler`'s.
  package typealias AsyncHandler = @Sendable (Request) async throws -> Response

  /// One position in the tree; nodes refer to each other by index in `nodes`.
  private struct Node {
    var literals: [String: Int] = [:]
    var parameter: (name: String, node: Int)?
    var rest: (name: String, node: Int)?
    /// The handlers of the patterns that end here, by method: a few at most, so found by
    /// comparing names, which costs less than hashing one.
    var handlers: [MethodHandler] = []

    func handler(for method: HTTPMethod) -> MethodHandler? {
      handlers.first { $0.method == method }
    }
    /// The pattern that ends here, as it was added, for the metrics.
    var pattern = ""
  }

  /// A handler with its method. A struct, not a tuple: a closure kept in a tuple of an array
  /// is stored in the generic form and converted back by a thunk on every call.
  private struct MethodHandler {
    let method: HTTPMethod
    let handle: Handle
  }

  private enum Handle {
    case now(Handler)
    case later(AsyncHandler)
  }

  private var nodes = [Node()]

  /// Renders 404, 405, 500 and every `HTTPError` a handler throws. The default is a small plain
  /// page; the app replaces it with one in its own layout.
  package var errorPage:
    @Sendable (_ status: HTTPStatus, _ message: String, _ request: Request) -> Response =
      { status, message, _ in
        .text("\(status.code) \(status.reason)\n\n\(message)\n", status: status)
      }

  /// In development, the page for a handler failure that is not an `HTTPError`, shown with the
  /// error and the route pattern; nil (the default) keeps the plain 500 page, which leaks nothing.
  package var failurePage:
    (@Sendable (_ error: any Error, _ route: String, _ request: Request) -> Response)?

  /// Where handler failures that are not `HTTPError`s are reported, with the request they broke:
  /// by default a logger labelled `MVVMWebServer`; an app sets its own.
  package var errorLog: @Sendable (_ message: String, _ request: Request) -> Void = {
    message, request in
    Logger(label: "MVVMWebServer").error("\(message)", metadata: request.idMetadata)
  }

  /// A router with no routes: every request gets 404.
  package init() {}

  /// Answers `method` at `pattern` with `handler`, replacing what answered that method and pattern
  /// before.
  /// `Site` adds its routes so:
  ///
  /// ```swift
  /// router.add(method, route.pattern) { request in
  ///   let values = try admit(request)
  ///   return try handler(request, repeat each values)
  /// }
  /// ```
  package mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
    add(method, pattern, .now(handler))
  }

  /// Adds an `async` handler: it runs as a task, and the connection waits for its answer without
  /// holding a thread.
  package mutating func add(
    _ method: HTTPMethod, _ pattern: String, _ handler: @escaping AsyncHandler
  ) {
    add(method, pattern, .later(handler))
  }

  private mutating func add(_ method: HTTPMethod, _ pattern: String, _ handle: Handle) {
    var current = 0
    for part in pattern.split(separator: "/") {
      let name = String(part.dropFirst())
      if part.hasPrefix(":") {
        let next = nodes[current].parameter?.node ?? newNode()
        nodes[current].parameter = (name, next)
        current = next
      } else if part.hasPrefix("*") {
        let next = nodes[current].rest?.node ?? newNode()
        nodes[current].rest = (name, next)
        current = next
        break  // Nothing can follow the rest of the path.
      } else {
        let next = nodes[current].literals[String(part)] ?? newNode()
        nodes[current].literals[String(part)] = next
        current = next
      }
    }
    nodes[current].handlers.removeAll { $0.method == method }
    nodes[current].handlers.append(MethodHandler(method: method, handle: handle))
    nodes[current].pattern = pattern
  }

  private mutating func newNode() -> Int {
    nodes.append(Node())
    return nodes.count - 1
  }

  /// Answers GET, and HEAD, at `pattern`.
  package mutating func get(_ pattern: String, _ handler: @escaping Handler) {
    add(.get, pattern, handler)
  }

  /// Answers POST at `pattern`.
  package mutating func post(_ pattern: String, _ handler: @escaping Handler) {
    add(.post, pattern, handler)
  }

  /// Answers GET, and HEAD, at `pattern` with a handler that may wait.
  package mutating func get(_ pattern: String, _ handler: @escaping AsyncHandler) {
    add(.get, pattern, handler)
  }

  /// Answers POST at `pattern` with a handler that may wait.
  package mutating func post(_ pattern: String, _ handler: @escaping AsyncHandler) {
    add(.post, pattern, handler)
  }

  package func respond(to request: Request) -> Response {
    var parameters: [String: String] = [:]
    guard let found = find(0, request.pathSegments[...], &parameters) else {
      return errorPage(.notFound, "There is no page at this address.", request)
    }
    var response = respond(to: request, at: found, parameters)
    let route = nodes[found].pattern
    response.route = route
    if case .later = response.body {
      // What async code threw is answered like a synchronous handler's error.
      response.amend { [self] made in
        if let error = made.failure { made = failed(error, request, route: route) }
      }
    }
    return response
  }

  private func respond(
    to request: Request, at found: Int, _ parameters: [String: String]
  ) -> Response {
    guard
      let handler = nodes[found].handler(for: request.method)
        ?? (request.method == .head ? nodes[found].handler(for: .get) : nil)
    else {
      var allowed = Set(nodes[found].handlers.map(\.method.rawValue))
      if allowed.contains(HTTPMethod.get.rawValue) { allowed.insert(HTTPMethod.head.rawValue) }
      let allow = allowed.sorted().joined(separator: ", ")
      var response = errorPage(
        .methodNotAllowed, "This address does not accept \(request.method); it accepts \(allow).",
        request)
      response.headers.replaceOrAdd("Allow", allow)
      return response
    }
    // A request whose parameters are already these (none, mostly) passes as it came: setting
    // them copies the box that holds its fields.
    var routed = request
    if parameters != request.routeParameters { routed.routeParameters = parameters }
    switch handler.handle {
    case .now(let handle):
      do {
        return try handle(routed)
      } catch {
        return failed(error, routed, route: nodes[found].pattern)
      }
    case .later(let handle):
      return .task { [routed] in try await handle(routed) }
    }
  }

  /// The answer to a handler's failure: its own status for an `HTTPError`, the answer an
  /// `AnswerInstead` carries, else a logged 500.
  private func failed(_ error: any Error, _ request: Request, route: String) -> Response {
    if let error = error as? HTTPError {
      return errorPage(error.status, error.message, request)
    }
    if let answer = error as? AnswerInstead { return answer.response }
    errorLog("\(request.method) \(request.path) failed: \(error)", request)
    if let failurePage { return failurePage(error, route, request) }
    return errorPage(
      .internalServerError, "Something went wrong on our side. Please try again.", request)
  }

  /// The node whose pattern matches `path` from `node` on, trying a literal segment first, then a
  /// parameter, then the rest of the path, and filling in the parameters on the way.
  private func find(
    _ node: Int, _ path: ArraySlice<String>, _ parameters: inout [String: String]
  ) -> Int? {
    // Read in place: a copy of the node retained and released each of its tables.
    guard let segment = path.first else {
      if !nodes[node].handlers.isEmpty { return node }
      // `*name` matches an empty rest too.
      if let rest = nodes[node].rest, !nodes[rest.node].handlers.isEmpty {
        parameters[rest.name] = ""
        return rest.node
      }
      return nil
    }
    if let next = nodes[node].literals[segment],
      let found = find(next, path.dropFirst(), &parameters)
    {
      return found
    }
    if let parameter = nodes[node].parameter {
      let saved = parameters
      parameters[parameter.name] = segment
      if let found = find(parameter.node, path.dropFirst(), &parameters) { return found }
      parameters = saved
    }
    if let rest = nodes[node].rest, !nodes[rest.node].handlers.isEmpty {
      parameters[rest.name] = path.joined(separator: "/")
      return rest.node
    }
    return nil
  }
}
