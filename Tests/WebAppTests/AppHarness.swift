import Foundation
import Logging
import MVVMWeb
import MVVMWebApp
import MVVMWebTesting
import WebApp

/// The whole demo on a fresh data folder, built by the function `mvvmweb serve` calls and
/// served over a real loopback socket (these are the apps' socket tests), with the repository's
/// own templates and static files, and reached through `MVVMWebTesting`'s client.
final class AppHarness: Sendable {
  /// The repository's folder, for its fixtures.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  let context: AppContext
  /// The built site, for what a test asks it directly (a route, a destination's address).
  let website: WebSite
  /// Every route the site registered, with its rule.
  let routes: [SiteRoute]
  /// The stores the site runs on, for what a test reads or writes behind its back.
  let stores: AppStores
  let server: HTTPServer
  /// A browser on the app: it keeps the cookies it is given, reads pages for their forms and
  /// follows live pages.
  let client: TestClient

  /// The session cookie every request of the harness sends (`get`, `post`, `client`); nil when
  /// its requests are signed out.
  let cookie: (name: String, value: String)?

  /// The demo with its data seeded when `demo`, the demo's own flags `arguments` (beside
  /// `--time-zone UTC --users-latency 0`), the store options `store` and the site's
  /// configuration as `configure` leaves it; its requests signed in as `signedIn`'s role (an
  /// admin, who may do everything, unless a test says otherwise), or signed out when nil.
  init(
    demo: Bool = false, arguments: [String] = [], store: StoreSettings = StoreSettings(),
    signedIn role: Role? = .admin, configure: (inout SiteConfiguration) -> Void = { _ in }
  ) async throws {
    context = .testing(name: Demo.name, store: store, configure: configure)
    let app = try Demo.parse(
      ["--time-zone", "UTC", "--users-latency", "0"] + (demo ? [] : ["--no-demo"]) + arguments)
    stores = try app.stores(context)
    let site = try app.site(context, stores: stores)
    routes = site.routes
    website = try site.build()
    var configuration = try website.serverConfiguration(address: .tcp(host: "127.0.0.1", port: 0))
    configuration.logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    server = HTTPServer(configuration: configuration, responder: website)
    try server.start()
    client = TestClient(port: server.port, sessions: website.sessions)
    if let role, let sessions = website.sessions {
      cookie = try await sessions.signInForTesting(name: "Tess", role: role)
      try await client.signIn(as: "Tess", role: role)
    } else {
      cookie = nil
    }
  }

  /// `headers` with the harness's session cookie added to the cookies they carry.
  func signedIn(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
    guard let cookie else { return headers }
    let session = "\(cookie.name)=\(cookie.value)"
    guard let index = headers.firstIndex(where: { $0.name.lowercased() == "cookie" }) else {
      return headers + [("Cookie", session)]
    }
    var headers = headers
    headers[index].value += "; " + session
    return headers
  }

  deinit {
    server.shutdown()
  }

  /// GETs `path` with exactly the headers given (and the harness's session, unless
  /// `signedOut`): each request is a client of its own, with no cookie from an earlier answer (a
  /// test that wants one sends it).
  func get(
    _ path: String, headers: [(name: String, value: String)] = [], signedOut: Bool = false
  ) async throws
    -> TestResponse
  {
    try await TestClient(port: server.port).get(
      path, headers: signedOut ? headers : signedIn(headers))
  }

  /// A same-origin form post of the raw `body`, as a browser sends it; `headers` replace the
  /// `Sec-Fetch-Site` one. A client of its own, as `get`.
  func post(
    _ path: String, _ body: String,
    headers: [(name: String, value: String)] = [("Sec-Fetch-Site", "same-origin")]
  ) async throws -> TestResponse {
    try await TestClient(port: server.port).send(
      TestRequest(
        .post, path,
        headers: signedIn([("Content-Type", "application/x-www-form-urlencoded")] + headers),
        body: Array(body.utf8)))
  }

  /// Waits until `condition` holds, asking again every 10 ms for at most `limit`; whether it
  /// held. For what the server does after its answer (a stream's place given back, a render
  /// counted), which no event of its own tells a client.
  func eventually(
    within limit: Duration = .seconds(5), _ condition: () async throws -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if (try? await condition()) == true { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return (try? await condition()) == true
  }
}

extension StoreSettings {
  /// The settings with a store deadline of `deadline`, on the PostgreSQL `database` if given.
  init(deadline: Duration, database: String? = nil) {
    self.init(database: database, deadline: deadline)
  }
}

extension Duration {
  /// The duration in seconds, as a flag takes it.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
