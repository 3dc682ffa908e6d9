import Glibc

/// Routes requests by method and path pattern to synchronous handlers. Patterns are matched
/// segment by segment, without regular expressions: literal segments, `:name` for one segment and
/// a trailing `*name` for the rest of the path. A GET route answers HEAD too.
public struct Router: Responder {
  public typealias Handler = @Sendable (Request) throws -> Response

  private struct Route {
    var method: String
    var pattern: [Segment]
    var handler: Handler
  }

  private enum Segment: Equatable {
    case literal(String)
    case parameter(String)
    case rest(String)
  }

  private var routes: [Route] = []

  /// Renders 404, 405, 500 and every `HTTPError` a handler throws. The default is a small plain
  /// page; the app replaces it with one in its own layout.
  public var errorPage:
    @Sendable (_ status: HTTPStatus, _ message: String, _ request: Request) -> Response =
      { status, message, _ in
        .text("\(status.code) \(status.reason)\n\n\(message)\n", status: status)
      }

  /// Where handler failures that are not `HTTPError`s are reported (standard error by default).
  public var errorLog: @Sendable (String) -> Void = writeErrorLine

  public init() {}

  public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
    let segments = pattern.split(separator: "/").map { part -> Segment in
      if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
      if part.hasPrefix("*") { return .rest(String(part.dropFirst())) }
      return .literal(String(part))
    }
    routes.append(Route(method: method, pattern: segments, handler: handler))
  }

  public mutating func get(_ pattern: String, _ handler: @escaping Handler) {
    add("GET", pattern, handler)
  }

  public mutating func post(_ pattern: String, _ handler: @escaping Handler) {
    add("POST", pattern, handler)
  }

  public func respond(to request: Request) -> Response {
    var allowed: [String] = []
    for route in routes {
      guard let parameters = Self.match(route.pattern, request.pathSegments) else { continue }
      guard route.method == request.method || (route.method == "GET" && request.method == "HEAD")
      else {
        allowed.append(route.method)
        continue
      }
      var routed = request
      routed.routeParameters = parameters
      do {
        return try route.handler(routed)
      } catch let error as HTTPError {
        return errorPage(error.status, error.message, request)
      } catch {
        errorLog("\(request.method) \(request.path) failed: \(error)")
        return errorPage(
          .internalServerError, "Something went wrong on our side. Please try again.", request)
      }
    }
    if !allowed.isEmpty {
      if allowed.contains("GET") { allowed.append("HEAD") }
      let allow = Array(Set(allowed)).sorted().joined(separator: ", ")
      var response = errorPage(
        .methodNotAllowed, "This address does not accept \(request.method); it accepts \(allow).",
        request)
      response.headers.replaceOrAdd("Allow", allow)
      return response
    }
    return errorPage(.notFound, "There is no page at this address.", request)
  }

  private static func match(_ pattern: [Segment], _ path: [String]) -> [String: String]? {
    var parameters: [String: String] = [:]
    for (index, segment) in pattern.enumerated() {
      switch segment {
      case .rest(let name):
        parameters[name] = path[min(index, path.count)...].joined(separator: "/")
        return parameters
      case .literal(let text):
        guard index < path.count, path[index] == text else { return nil }
      case .parameter(let name):
        guard index < path.count else { return nil }
        parameters[name] = path[index]
      }
    }
    return pattern.count == path.count ? parameters : nil
  }
}
