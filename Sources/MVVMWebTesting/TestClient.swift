import Foundation
import MVVMWeb
import Synchronization

/// How a test reaches the site: in process (the whole middleware chain, the store's lanes,
/// answers made later, and no socket: fast enough for hundreds of tests a second), or over a
/// real socket on a free port of 127.0.0.1, for what only the wire shows.
public enum TestTransport: Sendable {
  /// Through an `InProcessServer`: no socket, no port.
  case inProcess
  /// Through an `HTTPServer` listening on a free port of 127.0.0.1.
  case socket
}

/// A request as a test sends it.
public struct TestRequest: Sendable {
  /// The method.
  public var method: HTTPMethod
  /// The request target: a path with its query (`/matches?page=2`).
  public var path: String
  /// Header fields besides those the client adds (`Host`, `Cookie`, `Content-Length`).
  public var headers: [(name: String, value: String)]
  /// The body.
  public var body: [UInt8]

  /// A request for `path`.
  public init(
    _ method: HTTPMethod, _ path: String, headers: [(name: String, value: String)] = [],
    body: [UInt8] = []
  ) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }
}

/// A browser for tests: one client API over either transport. It keeps cookies (a notice
/// carried by a redirect), sends the headers a browser sends with a form of the site's own, reads
/// pages back for their forms, sends input events as the framework's script does, and follows
/// live pages.
///
/// ```swift
/// try await site().test(transport) { client in
///   var form = try await client.page("/").form(submit: "Greet me")
///   try form.fill("Your name", with: "Ada Lovelace")
///   let answer = try await client.submit(form)
///   #expect(answer.status == 303)
///   #expect(answer.location == "/")
///   let page = try await client.page("/")
///   #expect(page.text(id: "greetings") == "Hello, Ada Lovelace!")
/// }
/// ```
public final class TestClient: Sendable {
  private enum Transport: Sendable {
    case inProcess(InProcessServer)
    case socket(port: Int)
  }

  private let transport: Transport
  private let cookies = Mutex<[(name: String, value: String)]>([])
  /// The site's sessions, which sign this client in (`signIn(as:role:)`).
  private let sessions: (any SessionResolver)?
  /// How long an answer may take before the request fails the test.
  public let timeout: Duration

  /// A client of the server `configuration` describes, answering with `responder`, in process;
  /// `sessions` are the site's, when it has accounts.
  public init(
    configuration: ServerConfiguration, responder: any Responder,
    sessions: (any SessionResolver)? = nil, timeout: Duration = .seconds(10)
  ) {
    transport = .inProcess(InProcessServer(configuration: configuration, responder: responder))
    self.sessions = sessions
    self.timeout = timeout
  }

  /// A client of the server listening on 127.0.0.1:`port`; `sessions` are the site's, when it
  /// has accounts.
  public init(
    port: Int, sessions: (any SessionResolver)? = nil, timeout: Duration = .seconds(10)
  ) {
    transport = .socket(port: port)
    self.sessions = sessions
    self.timeout = timeout
  }

  // MARK: Signing in

  /// Signs this client in as `name` with `role`, as the site's accounts sign a person in (the
  /// account is made in the site's store if it has none): from now on it sends the session's
  /// cookie, as a browser would. A site without accounts is a `TestFailure`.
  ///
  /// ```swift
  /// let client = TestClient(port: app.server.port, sessions: app.website.sessions)
  /// try await client.signIn(as: name, role: role)
  /// return client
  /// ```
  public func signIn(as name: String, role: Role = .member) async throws {
    guard let sessions else {
      throw TestFailure("The site has no accounts to sign in with: add them (site.addAccounts).")
    }
    let cookie = try await sessions.signInForTesting(name: name, role: role)
    cookies.withLock { cookies in
      cookies.removeAll { $0.name == cookie.name }
      cookies.append(cookie)
    }
  }

  /// Forgets every cookie, as a browser whose person signed out and closed it: the next request
  /// is signed out.
  public func forgetCookies() {
    cookies.withLock { $0.removeAll() }
  }

  // MARK: Requests

  /// Sends `request` as it is, with `Host` (unless it has one) and the cookies kept; follows
  /// redirects (as a GET after 301, 302 and 303) when `followingRedirects`.
  public func send(
    _ request: TestRequest, followingRedirects: Bool = false
  ) async throws
    -> TestResponse
  {
    var request = request
    for _ in 0..<10 {
      let response = try await sendOnce(request)
      keepCookies(response)
      guard followingRedirects, [301, 302, 303, 307, 308].contains(response.status),
        let location = response.location
      else { return response }
      request.path = Self.path(of: location)
      if [301, 302, 303].contains(response.status) {
        request = TestRequest(.get, request.path)
      }
    }
    throw TestFailure("More than 10 redirects from \(request.path).")
  }

  /// GETs `path`.
  public func get(
    _ path: String, headers: [(name: String, value: String)] = [], followingRedirects: Bool = false
  ) async throws -> TestResponse {
    try await send(
      TestRequest(.get, path, headers: headers), followingRedirects: followingRedirects)
  }

  /// POSTs the fields `form` to `path` as a browser sends a form of the site's own
  /// (`Sec-Fetch-Site: same-origin` and the site's `Origin`), or of another site's when
  /// `crossSite`.
  public func post(
    _ path: String, form: [(name: String, value: String)],
    headers: [(name: String, value: String)] = [], crossSite: Bool = false,
    followingRedirects: Bool = false
  ) async throws -> TestResponse {
    let origin = crossSite ? "http://elsewhere.example" : "http://localhost"
    let browser: [(name: String, value: String)] = [
      ("Content-Type", "application/x-www-form-urlencoded"), ("Origin", origin),
      ("Sec-Fetch-Site", crossSite ? "cross-site" : "same-origin"),
    ]
    return try await send(
      TestRequest(.post, path, headers: browser + headers, body: Self.encoded(form)),
      followingRedirects: followingRedirects)
  }

  /// GETs `path` and reads it as a page; a `TestFailure` with what came instead unless it is a
  /// 200.
  public func page(_ path: String) async throws -> TestPage {
    let response = try await get(path)
    guard response.status == 200 else {
      throw TestFailure("GET \(path) answered \(response.status): \(response.text.prefix(300))")
    }
    return response.page
  }

  // MARK: Forms

  /// Sends `form` as its submit button `button` (its label; the first when nil) does: to the
  /// form's action (or the button's `formaction`), by its method, with the fields a browser
  /// sends.
  public func submit(
    _ form: TestForm, button: String? = nil, followingRedirects: Bool = false
  ) async throws -> TestResponse {
    let pairs = try form.pairs(button: button)
    let submitter = try form.submitButton(button)
    let action = submitter?.formAction ?? form.action
    let method = submitter?.formMethod ?? form.method
    guard method == "post" else {
      let path = String(action.prefix { $0 != "?" })
      return try await get(
        path + (pairs.isEmpty ? "" : "?" + String(decoding: Self.encoded(pairs), as: UTF8.self)),
        followingRedirects: followingRedirects)
    }
    return try await post(action, form: pairs, followingRedirects: followingRedirects)
  }

  /// Sends `form`'s fields as an input event, as the framework's script does while a person
  /// types; the answer's `parts` are the form's live elements. A form without live inputs
  /// (`m:inputs`) is a `TestFailure`.
  public func input(_ form: TestForm) async throws -> TestResponse {
    guard let number = form.inputsNumber else {
      throw TestFailure("The form does not answer as people type: it has no m:inputs.")
    }
    return try await post(form.action, form: try form.pairs(), headers: [("MVVMWeb-Input", number)])
  }

  // MARK: Live pages

  /// Opens the live stream of the page at `path`, as a browser's `EventSource` does; with
  /// `lastEventID`, as one reconnecting after that event. The stream's events are read as they
  /// come: its `page` is empty (follow a `TestPage` to have them applied to it).
  public func follow(_ path: String, lastEventID: String? = nil) async throws -> TestEventStream {
    try await follow(path, lastEventID: lastEventID, applyingTo: TestPage(path: path, html: ""))
  }

  /// Opens the live stream of `page`, as the page's script does once it is shown: each event
  /// read is applied to the stream's `page`, which starts as this one, so a test reads the page
  /// a person sees.
  ///
  /// ```swift
  /// let live = try await client.follow(client.page(Self.scores))
  /// #expect(live.page.rows(id: "scores").map(\.text) == ["Grace 1", "Ada 0"])
  /// #expect(try await client.post(Self.point, "Ada", form: []).status == 303)
  /// #expect(try await client.post(Self.point, "Ada", form: []).status == 303)
  /// try await live.waitUntil { $0.rows(id: "scores").first?.text == "Ada 2" }
  /// ```
  public func follow(_ page: TestPage) async throws -> TestEventStream {
    try await follow(page.path, lastEventID: nil, applyingTo: page)
  }

  private func follow(
    _ path: String, lastEventID: String?, applyingTo page: TestPage
  ) async throws -> TestEventStream {
    var headers: [(name: String, value: String)] = [("Accept", "text/event-stream")]
    if let lastEventID { headers.append(("Last-Event-ID", lastEventID)) }
    let request = TestRequest(.get, path, headers: headers + cookieHeader)
    switch transport {
    case .inProcess(let server):
      let response = await server.answer(try Self.request(request))
      let fields = response.headers.fields.map { (name: $0.name, value: $0.value) }
      guard let stream = InProcessStream(response.body) else {
        return TestEventStream(
          status: response.status.code, headers: fields, source: .finished(body(of: response)),
          page: page)
      }
      return TestEventStream(
        status: response.status.code, headers: fields, source: .inProcess(stream), page: page)
    case .socket(let port):
      return try await blocking { [timeout] in
        let connection = try SocketConnection(port: port, timeout: timeout)
        try connection.send(Self.wire(request))
        let head = try connection.readHead()
        let chunked = head.headers.contains {
          $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased() == "chunked"
        }
        guard chunked else {
          let body = try connection.readBody(head.headers, status: head.status, isHead: false)
          return TestEventStream(
            status: head.status, headers: head.headers, source: .finished(body), page: page)
        }
        // A stream stays open between events, for hours in a browser.
        connection.setTimeout(.seconds(3600))
        return TestEventStream(
          status: head.status, headers: head.headers, source: .socket(connection), page: page)
      }
    }
  }

  // MARK: The transports

  private func sendOnce(_ request: TestRequest) async throws -> TestResponse {
    let request = TestRequest(
      request.method, request.path, headers: request.headers + cookieHeader, body: request.body)
    switch transport {
    case .inProcess(let server):
      let made: Request
      do {
        made = try Self.request(request)
      } catch let error as HTTPError {
        // What the server's parser would refuse, as it would answer.
        return TestResponse(
          status: error.status.code, headers: [], body: Array(error.message.utf8),
          path: request.path)
      }
      let response = try await withTimeout { await server.answer(made) }
      var body = body(of: response)
      if case .stream = response.body, let stream = InProcessStream(response.body) {
        // A whole-answer read of a stream reads what it has at once, then leaves.
        stream.close()
        body = []
      }
      return TestResponse(
        status: response.status.code,
        headers: response.headers.fields.map { (name: $0.name, value: $0.value) }, body: body,
        path: request.path)
    case .socket(let port):
      return try await blocking { [timeout] in
        let connection = try SocketConnection(port: port, timeout: timeout)
        try connection.send(Self.wire(request))
        let head = try connection.readHead()
        let body = try connection.readBody(
          head.headers, status: head.status, isHead: request.method == .head)
        return TestResponse(
          status: head.status, headers: head.headers, body: body, path: request.path)
      }
    }
  }

  /// Waits for `answer` at most `timeout`.
  private func withTimeout(
    _ answer: @escaping @Sendable () async -> Response
  ) async throws
    -> Response
  {
    try await withThrowingTaskGroup(of: Response?.self) { group in
      group.addTask { await answer() }
      group.addTask { [timeout] in
        try await Task.sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let response = first else {
        throw TestFailure("No answer came within \(timeout).")
      }
      return response
    }
  }

  private func body(of response: Response) -> [UInt8] {
    if case .bytes(let bytes) = response.body { return bytes }
    return []
  }

  private static func request(_ request: TestRequest) throws -> Request {
    var headers = HTTPHeaders(hostHeader(request) + request.headers)
    if !request.body.isEmpty { headers.add("Content-Length", String(request.body.count)) }
    return try Request(
      method: request.method, target: request.path, headers: headers, body: request.body)
  }

  private static func wire(_ request: TestRequest) -> [UInt8] {
    var text = "\(request.method.rawValue) \(request.path) HTTP/1.1\r\n"
    for (name, value) in hostHeader(request) + request.headers { text += "\(name): \(value)\r\n" }
    if !request.body.isEmpty || request.method == .post {
      text += "Content-Length: \(request.body.count)\r\n"
    }
    return Array((text + "\r\n").utf8) + request.body
  }

  /// `Host: localhost`, unless the request names its own host (as a page of another site would).
  private static func hostHeader(_ request: TestRequest) -> [(name: String, value: String)] {
    request.headers.contains { $0.name.lowercased() == "host" } ? [] : [("Host", "localhost")]
  }

  // MARK: Cookies

  private var cookieHeader: [(name: String, value: String)] {
    let kept = cookies.withLock { $0 }
    guard !kept.isEmpty else { return [] }
    return [("Cookie", kept.map { "\($0.name)=\($0.value)" }.joined(separator: "; "))]
  }

  /// Keeps what `Set-Cookie` sets and forgets what it expires, as a browser does.
  private func keepCookies(_ response: TestResponse) {
    for header in response.headers where header.name.lowercased() == "set-cookie" {
      let parts = header.value.split(separator: ";").map { collapsed(String($0)) }
      guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { continue }
      let name = String(pair[..<equals])
      let value = String(pair[pair.index(after: equals)...])
      let expired = parts.contains { $0.lowercased() == "max-age=0" }
      cookies.withLock { cookies in
        cookies.removeAll { $0.name == name }
        if !expired { cookies.append((name, value)) }
      }
    }
  }

  /// The path of `location`, which may be absolute (`http://localhost/matches`).
  private static func path(of location: String) -> String {
    guard let scheme = location.range(of: "://") else { return location }
    let rest = location[scheme.upperBound...]
    return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
  }

  /// Fields as `application/x-www-form-urlencoded`.
  static func encoded(_ pairs: [(name: String, value: String)]) -> [UInt8] {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._*")
    let encode = { (text: String) in
      (text.addingPercentEncoding(withAllowedCharacters: allowed.union([" "])) ?? "")
        .replacingOccurrences(of: " ", with: "+")
    }
    return Array(pairs.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&").utf8)
  }
}
