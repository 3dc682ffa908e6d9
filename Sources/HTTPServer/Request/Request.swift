/// One parsed HTTP request, with the body read in full. Handlers get it by value.
///
/// Its fields live in one shared box, copied only when a copy is changed: a request is passed
/// and kept at several steps on its way from the parser to a handler, and a struct of fifteen
/// strings, arrays and tables retained and released each of them at every step.
public struct Request: Sendable {
  public var method: String {
    get { storage.method }
    _modify { yield &uniqueStorage().method }
  }
  /// The request target as sent (`/matches?page=2`).
  public var target: String {
    get { storage.target }
    _modify { yield &uniqueStorage().target }
  }
  /// The path of the target, still percent-encoded, without the query.
  public var path: String {
    get { storage.path }
    _modify { yield &uniqueStorage().path }
  }
  /// The path's segments, percent-decoded (`/a%20b/c` → `["a b", "c"]`).
  public var pathSegments: [String] {
    get { storage.pathSegments }
    _modify { yield &uniqueStorage().pathSegments }
  }
  public var query: Parameters {
    get { storage.query }
    _modify { yield &uniqueStorage().query }
  }
  /// `1.0` or `1.1`, as the minor version.
  public var minorVersion: Int {
    get { storage.minorVersion }
    _modify { yield &uniqueStorage().minorVersion }
  }
  public var headers: HTTPHeaders {
    get { storage.headers }
    _modify { yield &uniqueStorage().headers }
  }
  public var body: [UInt8] {
    get { storage.body }
    _modify { yield &uniqueStorage().body }
  }
  /// Values of the route pattern's `:name` and `*name` segments, set by the router.
  public var routeParameters: [String: String] {
    get { storage.routeParameters }
    _modify { yield &uniqueStorage().routeParameters }
  }
  public var peer: PeerAddress {
    get { storage.peer }
    _modify { yield &uniqueStorage().peer }
  }
  /// The real client: the peer, or what a trusted proxy says (see `ServerConfiguration.requestPreparer`).
  public var clientAddress: String {
    get { storage.clientAddress }
    _modify { yield &uniqueStorage().clientAddress }
  }
  /// `http` or `https`, as the browser sees it.
  public var scheme: String {
    get { storage.scheme }
    _modify { yield &uniqueStorage().scheme }
  }
  /// The host the browser asked for (`Host`, or the authority of an absolute-form target).
  public var host: String? {
    get { storage.host }
    _modify { yield &uniqueStorage().host }
  }
  /// The path prefix the app is served under (`/league`), "" at the root.
  public var basePath: String {
    get { storage.basePath }
    _modify { yield &uniqueStorage().basePath }
  }
  /// Names this request in every log line about it and in the response's `X-Request-Id`: made
  /// by the server, or the one a trusted proxy sent.
  public var id: String {
    get { storage.id }
    _modify { yield &uniqueStorage().id }
  }

  private var storage: Storage

  /// The fields themselves. Only ever changed through `uniqueStorage()`, when no other request
  /// shares them, so no two threads can reach one that changes.
  private final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) var method: String
    @exclusivity(unchecked) var target: String
    @exclusivity(unchecked) var path: String
    @exclusivity(unchecked) var pathSegments: [String]
    @exclusivity(unchecked) var query: Parameters
    @exclusivity(unchecked) var minorVersion: Int
    @exclusivity(unchecked) var headers: HTTPHeaders
    @exclusivity(unchecked) var body: [UInt8]
    @exclusivity(unchecked) var routeParameters: [String: String]
    @exclusivity(unchecked) var peer: PeerAddress
    @exclusivity(unchecked) var clientAddress: String
    @exclusivity(unchecked) var scheme: String
    @exclusivity(unchecked) var host: String?
    @exclusivity(unchecked) var basePath: String
    @exclusivity(unchecked) var id: String

    init(
      method: String, target: String, path: String, pathSegments: [String], query: Parameters,
      minorVersion: Int, headers: HTTPHeaders, body: [UInt8], routeParameters: [String: String],
      peer: PeerAddress, clientAddress: String, scheme: String, host: String?, basePath: String,
      id: String
    ) {
      self.method = method
      self.target = target
      self.path = path
      self.pathSegments = pathSegments
      self.query = query
      self.minorVersion = minorVersion
      self.headers = headers
      self.body = body
      self.routeParameters = routeParameters
      self.peer = peer
      self.clientAddress = clientAddress
      self.scheme = scheme
      self.host = host
      self.basePath = basePath
      self.id = id
    }

    func copy() -> Storage {
      Storage(
        method: method, target: target, path: path, pathSegments: pathSegments, query: query,
        minorVersion: minorVersion, headers: headers, body: body, routeParameters: routeParameters,
        peer: peer, clientAddress: clientAddress, scheme: scheme, host: host, basePath: basePath,
        id: id)
    }
  }

  private mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage
  }

  /// Builds a request from parts; the server uses it, and so do tests that call handlers directly.
  public init(
    method: String, target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
    minorVersion: Int = 1, peer: PeerAddress = .ip("127.0.0.1", port: 0)
  ) throws(HTTPError) {
    var host = headers["host"]
    // RFC 9112 §3.2: a Host that is not a host (a list, spaces, userinfo, a path) is a 400.
    if let host, !HostName.isValidWithPort(host) {
      throw HTTPError(
        .badRequest, "The Host header must be one host name or address, with an optional port.")
    }
    var targetBytes = Substring(target).utf8[...]
    if target.hasPrefix("http://") || target.hasPrefix("https://") {
      // Absolute form (RFC 9112 §3.2.2): the authority replaces Host.
      let afterScheme = targetBytes.dropFirst(target.hasPrefix("https") ? 8 : 7)
      let slash = afterScheme.firstIndex(of: UInt8(ascii: "/")) ?? afterScheme.endIndex
      let authority = Substring(afterScheme[afterScheme.startIndex..<slash])
      guard HostName.isValidWithPort(authority) else {
        throw HTTPError(.badRequest, "The request target's host is empty or not a valid host.")
      }
      host = String(authority)
      targetBytes = slash == afterScheme.endIndex ? "/".utf8[...] : afterScheme[slash...]
    } else if target != "*" && !target.hasPrefix("/") {
      throw HTTPError(.badRequest, "The request target must be a path starting with /.")
    }
    let question = targetBytes.firstIndex(of: UInt8(ascii: "?"))
    let pathBytes = targetBytes[targetBytes.startIndex..<(question ?? targetBytes.endIndex)]
    var segments: [String] = []
    for raw in pathBytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
      guard let segment = PercentDecoding.decode(raw, plusIsSpace: false) else {
        throw HTTPError(.badRequest, "The path holds an invalid percent-escape or is not UTF-8.")
      }
      segments.append(segment)
    }
    var query = Parameters()
    if let question {
      guard let parsed = Parameters(urlEncoded: targetBytes[targetBytes.index(after: question)...])
      else {
        throw HTTPError(
          .badRequest, "The query string holds an invalid percent-escape or is not UTF-8.")
      }
      query = parsed
    }
    storage = Storage(
      method: method, target: target, path: String(Substring(pathBytes)), pathSegments: segments,
      query: query, minorVersion: minorVersion, headers: headers, body: body, routeParameters: [:],
      peer: peer, clientAddress: peer.host, scheme: "http", host: host, basePath: "", id: "")
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
