/// One parsed HTTP request, with the body read in full. Handlers get it by value.
///
/// Its fields live in one shared box, copied only when a copy is changed: a request is passed
/// and kept at several steps on its way from the parser to a handler, and a struct of fifteen
/// strings, arrays and tables retained and released each of them at every step.
public struct Request: Sendable {
  /// The method as sent (`.get`, `.post`).
  public var method: HTTPMethod {
    get { storage.fields.method }
    _modify { yield &uniqueStorage().fields.method }
  }
  /// The request target as sent (`/matches?page=2`).
  public var target: String {
    get { storage.fields.target }
    _modify { yield &uniqueStorage().fields.target }
  }
  /// The path of the target, still percent-encoded, without the query.
  public var path: String {
    get { storage.fields.path }
    _modify { yield &uniqueStorage().fields.path }
  }
  /// The path's segments, percent-decoded (`/a%20b/c` → `["a b", "c"]`).
  public var pathSegments: [String] {
    get { storage.fields.pathSegments }
    _modify { yield &uniqueStorage().fields.pathSegments }
  }
  /// The query string's parameters, percent-decoded (`?page=2` → `query["page"] == "2"`).
  public var query: Parameters {
    get { storage.fields.query }
    _modify { yield &uniqueStorage().fields.query }
  }
  /// `1.0` or `1.1`, as the minor version.
  public var minorVersion: Int {
    get { storage.fields.minorVersion }
    _modify { yield &uniqueStorage().fields.minorVersion }
  }
  /// The header fields as sent.
  public var headers: HTTPHeaders {
    get { storage.fields.headers }
    _modify { yield &uniqueStorage().fields.headers }
  }
  /// The body, read in full (within `ServerConfiguration.maxBodySize`); empty when there is none.
  /// Read a form with `form()`.
  public var body: [UInt8] {
    get { storage.fields.body }
    _modify { yield &uniqueStorage().fields.body }
  }
  /// Values of the route pattern's `:name` and `*name` segments, set by the router.
  public var routeParameters: [String: String] {
    get { storage.fields.routeParameters }
    _modify { yield &uniqueStorage().fields.routeParameters }
  }
  /// The other end of the connection: the client, or the proxy in front of the server.
  public var peer: PeerAddress {
    get { storage.fields.peer }
    _modify { yield &uniqueStorage().fields.peer }
  }
  /// The real client: the peer, or what a trusted proxy says (see `ServerConfiguration.requestPreparer`).
  public var clientAddress: String {
    get { storage.fields.clientAddress }
    _modify { yield &uniqueStorage().fields.clientAddress }
  }
  /// `http` or `https`, as the browser sees it.
  public var scheme: String {
    get { storage.fields.scheme }
    _modify { yield &uniqueStorage().fields.scheme }
  }
  /// The host the browser asked for (`Host`, or the authority of an absolute-form target).
  public var host: String? {
    get { storage.fields.host }
    _modify { yield &uniqueStorage().fields.host }
  }
  /// The path prefix the app is served under (`/league`), "" at the root.
  public var basePath: String {
    get { storage.fields.basePath }
    _modify { yield &uniqueStorage().fields.basePath }
  }
  /// Names this request in every log line about it and in the response's `X-Request-Id`: made
  /// by the server, or the one a trusted proxy sent.
  public var id: String {
    get { storage.fields.id }
    _modify { yield &uniqueStorage().fields.id }
  }
  /// The session the request came with, as the site's accounts found it; nil when it came
  /// with none (or with one that has ended).
  public var session: RequestSession? {
    get { storage.fields.session }
    _modify { yield &uniqueStorage().fields.session }
  }
  /// What the access line shows for the target, when the target holds a secret (a one-time
  /// link's code); nil shows the target.
  public var loggedTarget: String? {
    get { storage.fields.loggedTarget }
    _modify { yield &uniqueStorage().fields.loggedTarget }
  }

  /// What the requests of the connection this one came on share; nil for a request made in
  /// a test or in process.
  package var connectionMemo: ConnectionMemo? {
    get { storage.fields.connectionMemo }
    _modify { yield &uniqueStorage().fields.connectionMemo }
  }

  private var storage: Storage

  /// The fields, as one value: the box holds it, and a copy of the box copies it whole.
  private struct Fields {
    var method: HTTPMethod
    var target: String
    var path: String
    var pathSegments: [String]
    var query: Parameters
    var minorVersion: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var routeParameters: [String: String]
    var peer: PeerAddress
    var clientAddress: String
    var scheme: String
    var host: String?
    var basePath: String
    var id: String
    var session: RequestSession?
    var loggedTarget: String?
    var connectionMemo: ConnectionMemo?
  }

  /// The box the fields live in. They are changed only through `uniqueStorage()`, when no other
  /// request shares the box, so no two threads can reach fields that change: the run-time
  /// exclusivity checks on each access, which cost more than the copies saved, are left out.
  private final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  private mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    return storage
  }

  /// Builds a request from parts; the server uses it, and so do tests that call handlers directly.
  public init(
    method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
    minorVersion: Int = 1, peer: PeerAddress = .ip("127.0.0.1", port: 0)
  ) throws(HTTPError) {
    var host = headers["host"]
    // RFC 9112 §3.2: a Host that is not a host (a list, spaces, userinfo, a path) is a 400.
    if let host, !HostName.isValidWithPort(host) {
      throw HTTPError(
        .badRequest, "The Host header must be one host name or address, with an optional port.")
    }
    var targetBytes = Substring(target).utf8[...]
    // Nearly every target is a path: its first byte settles it before any prefix is compared.
    let isPath = targetBytes.first == UInt8(ascii: "/")
    if !isPath && (target.hasPrefix("http://") || target.hasPrefix("https://")) {
      // Absolute form (RFC 9112 §3.2.2): the authority replaces Host.
      let afterScheme = targetBytes.dropFirst(target.hasPrefix("https") ? 8 : 7)
      let slash = afterScheme.firstIndex(of: UInt8(ascii: "/")) ?? afterScheme.endIndex
      let authority = Substring(afterScheme[afterScheme.startIndex..<slash])
      guard HostName.isValidWithPort(authority) else {
        throw HTTPError(.badRequest, "The request target's host is empty or not a valid host.")
      }
      host = String(authority)
      targetBytes = slash == afterScheme.endIndex ? "/".utf8[...] : afterScheme[slash...]
    } else if !isPath && target != "*" {
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
      Fields(
        method: method, target: target, path: String(Substring(pathBytes)),
        pathSegments: segments, query: query, minorVersion: minorVersion, headers: headers,
        body: body, routeParameters: [:], peer: peer, clientAddress: peer.host, scheme: "http",
        host: host, basePath: "", id: "", session: nil, loggedTarget: nil, connectionMemo: nil))
  }

  /// The decoded fields of an `application/x-www-form-urlencoded` body.
  public func form() throws(HTTPError) -> Parameters {
    guard sendsURLEncodedForm else {
      throw HTTPError(
        .unsupportedMediaType, "Forms must be sent as application/x-www-form-urlencoded.")
    }
    guard let parameters = Parameters(urlEncoded: body) else {
      throw HTTPError(.badRequest, "The form holds an invalid percent-escape or is not UTF-8.")
    }
    return parameters
  }

  /// Whether `Content-Type` names a URL-encoded form, whatever its case and parameters.
  private var sendsURLEncodedForm: Bool {
    headers["content-type"].map {
      HTTPHeaders.mediaType(of: $0, is: "application/x-www-form-urlencoded")
    } ?? false
  }
}
