import Glibc
import Logging

/// Routes requests by method and path pattern to synchronous handlers. Patterns are matched
/// segment by segment, without regular expressions: literal segments, `:name` for one segment and
/// a trailing `*name` for the rest of the path. A GET route answers HEAD too.
///
/// The patterns form a tree of segments, so a request walks one branch instead of trying every
/// route, and a literal segment is preferred over a parameter (`/users/refresh` over
/// `/users/:id`), whatever order the routes were added in.
public struct Router: Responder {
  public typealias Handler = @Sendable (Request) throws -> Response

  /// One position in the tree; nodes refer to each other by index in `nodes`.
  private struct Node {
    var literals: [String: Int] = [:]
    var parameter: (name: String, node: Int)?
    var rest: (name: String, node: Int)?
    /// The handlers of the patterns that end here, by method: a few at most, so found by
    /// comparing names, which costs less than hashing one.
    var handlers: [MethodHandler] = []

    func handler(for method: String) -> MethodHandler? {
      handlers.first { $0.method == method }
    }
    /// The pattern that ends here, as it was added, for the metrics.
    var pattern = ""
  }

  /// A handler with its method. A struct, not a tuple: a closure kept in a tuple of an array
  /// is stored in the generic form and converted back by a thunk on every call.
  private struct MethodHandler {
    let method: String
    let handle: Handler
  }

  private var nodes = [Node()]

  /// Renders 404, 405, 500 and every `HTTPError` a handler throws. The default is a small plain
  /// page; the app replaces it with one in its own layout.
  public var errorPage:
    @Sendable (_ status: HTTPStatus, _ message: String, _ request: Request) -> Response =
      { status, message, _ in
        .text("\(status.code) \(status.reason)\n\n\(message)\n", status: status)
      }

  /// In development, the page for a handler failure that is not an `HTTPError`, shown with the
  /// error and the route pattern; nil (the default) keeps the plain 500 page, which leaks nothing.
  public var failurePage:
    (@Sendable (_ error: any Error, _ route: String, _ request: Request) -> Response)?

  /// Where handler failures that are not `HTTPError`s are reported, with the request they broke.
  public var errorLog: @Sendable (_ message: String, _ request: Request) -> Void = {
    message, request in
    Logger(label: "mvvmweb").error("\(message)", metadata: ["request-id": "\(request.id)"])
  }

  public init() {}

  public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
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
    nodes[current].handlers.append(MethodHandler(method: method, handle: handler))
    nodes[current].pattern = pattern
  }

  private mutating func newNode() -> Int {
    nodes.append(Node())
    return nodes.count - 1
  }

  public mutating func get(_ pattern: String, _ handler: @escaping Handler) {
    add("GET", pattern, handler)
  }

  public mutating func post(_ pattern: String, _ handler: @escaping Handler) {
    add("POST", pattern, handler)
  }

  public func respond(to request: Request) -> Response {
    var parameters: [String: String] = [:]
    guard let found = find(0, request.pathSegments[...], &parameters) else {
      return errorPage(.notFound, "There is no page at this address.", request)
    }
    var response = respond(to: request, at: found, parameters)
    response.route = nodes[found].pattern
    return response
  }

  private func respond(
    to request: Request, at found: Int, _ parameters: [String: String]
  ) -> Response {
    guard
      let handler = nodes[found].handler(for: request.method)
        ?? (request.method == "HEAD" ? nodes[found].handler(for: "GET") : nil)
    else {
      var allowed = Set(nodes[found].handlers.map(\.method))
      if allowed.contains("GET") { allowed.insert("HEAD") }
      let allow = allowed.sorted().joined(separator: ", ")
      var response = errorPage(
        .methodNotAllowed, "This address does not accept \(request.method); it accepts \(allow).",
        request)
      response.headers.replaceOrAdd("Allow", allow)
      return response
    }
    do {
      // A copy of the request costs a retain and a release of each of its strings, arrays and
      // tables: one whose parameters are already these (none, mostly) passes as it came.
      if parameters == request.routeParameters { return try handler.handle(request) }
      var routed = request
      routed.routeParameters = parameters
      return try handler.handle(routed)
    } catch let error as HTTPError {
      return errorPage(error.status, error.message, request)
    } catch {
      errorLog("\(request.method) \(request.path) failed: \(error)", request)
      if let failurePage { return failurePage(error, nodes[found].pattern, request) }
      return errorPage(
        .internalServerError, "Something went wrong on our side. Please try again.", request)
    }
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
