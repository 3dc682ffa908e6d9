/// One parsed HTTP request, with the body read in full. Handlers get it by value.
public struct Request: Sendable {
  public var method: String
  /// The request target as sent (`/matches?page=2`).
  public var target: String
  /// The path of the target, still percent-encoded, without the query.
  public var path: String
  /// The path's segments, percent-decoded (`/a%20b/c` → `["a b", "c"]`).
  public var pathSegments: [String]
  public var query: Parameters
  /// `1.0` or `1.1`, as the minor version.
  public var minorVersion: Int
  public var headers: HTTPHeaders
  public var body: [UInt8]
  /// Values of the route pattern's `:name` and `*name` segments, set by the router.
  public var routeParameters: [String: String]
  public var peer: PeerAddress
  /// The real client: the peer, or what a trusted proxy says (see `ServerConfiguration.requestPreparer`).
  public var clientAddress: String
  /// `http` or `https`, as the browser sees it.
  public var scheme: String
  /// The host the browser asked for (`Host`, or the authority of an absolute-form target).
  public var host: String?
  /// The path prefix the app is served under (`/league`), "" at the root.
  public var basePath: String
  /// Names this request in every log line about it and in the response's `X-Request-Id`: made
  /// by the server, or the one a trusted proxy sent.
  public var id: String = ""

  /// Builds a request from parts; the server uses it, and so do tests that call handlers directly.
  public init(
    method: String, target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
    minorVersion: Int = 1, peer: PeerAddress = .ip("127.0.0.1", port: 0)
  ) throws(HTTPError) {
    self.method = method
    self.target = target
    self.headers = headers
    self.body = body
    self.minorVersion = minorVersion
    self.peer = peer
    self.clientAddress = peer.host
    self.scheme = "http"
    self.host = headers["host"]
    // RFC 9112 §3.2: a Host that is not a host (a list, spaces, userinfo, a path) is a 400.
    if let host, !HostName.isValidWithPort(host) {
      throw HTTPError(
        .badRequest, "The Host header must be one host name or address, with an optional port.")
    }
    self.basePath = ""
    self.routeParameters = [:]
    var targetBytes = Substring(target).utf8[...]
    if target.hasPrefix("http://") || target.hasPrefix("https://") {
      // Absolute form (RFC 9112 §3.2.2): the authority replaces Host.
      let afterScheme = targetBytes.dropFirst(target.hasPrefix("https") ? 8 : 7)
      let slash = afterScheme.firstIndex(of: UInt8(ascii: "/")) ?? afterScheme.endIndex
      let authority = Substring(afterScheme[afterScheme.startIndex..<slash])
      guard HostName.isValidWithPort(authority) else {
        throw HTTPError(.badRequest, "The request target's host is empty or not a valid host.")
      }
      self.host = String(authority)
      targetBytes = slash == afterScheme.endIndex ? "/".utf8[...] : afterScheme[slash...]
    } else if target != "*" && !target.hasPrefix("/") {
      throw HTTPError(.badRequest, "The request target must be a path starting with /.")
    }
    let question = targetBytes.firstIndex(of: UInt8(ascii: "?"))
    let pathBytes = targetBytes[targetBytes.startIndex..<(question ?? targetBytes.endIndex)]
    self.path = String(Substring(pathBytes))
    var segments: [String] = []
    for raw in pathBytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
      guard let segment = PercentDecoding.decode(raw, plusIsSpace: false) else {
        throw HTTPError(.badRequest, "The path holds an invalid percent-escape or is not UTF-8.")
      }
      segments.append(segment)
    }
    self.pathSegments = segments
    if let question {
      guard let query = Parameters(urlEncoded: targetBytes[targetBytes.index(after: question)...])
      else {
        throw HTTPError(
          .badRequest, "The query string holds an invalid percent-escape or is not UTF-8.")
      }
      self.query = query
    } else {
      self.query = Parameters()
    }
  }

  /// The decoded fields of an `application/x-www-form-urlencoded` body.
  public func form() throws(HTTPError) -> Parameters {
    let type = headers["content-type"]?.split(separator: ";").first?.trimmingSpaces.lowercased()
    guard type == "application/x-www-form-urlencoded" else {
      throw HTTPError(
        .unsupportedMediaType, "Forms must be sent as application/x-www-form-urlencoded.")
    }
    guard let parameters = Parameters(urlEncoded: body) else {
      throw HTTPError(.badRequest, "The form holds an invalid percent-escape or is not UTF-8.")
    }
    return parameters
  }
}
