import Foundation
import Logging
import MVVMWeb
import MVVMWebTesting
import WebApp

/// The whole app on a fresh data folder, served over a real loopback socket (these are the
/// apps' socket tests), with the repository's own templates and static files, and reached
/// through `MVVMWebTesting`'s client.
final class AppHarness: Sendable {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  let dataDirectory = NSTemporaryDirectory() + "mvvmweb-app-\(UUID().uuidString.prefix(8))"
  let application: WebApplication
  let server: HTTPServer
  /// A browser on the app: it keeps the cookies it is given, reads pages for their forms and
  /// follows live pages.
  let client: TestClient

  init(demo: Bool = false, configure: (inout AppConfiguration) -> Void = { _ in }) throws {
    var configuration = AppConfiguration(
      dataDirectory: dataDirectory, templatesDirectory: Self.repository + "/Templates",
      publicDirectory: Self.repository + "/Public", seedsDemoData: demo,
      timeZone: TimeZone(identifier: "UTC")!)
    configure(&configuration)
    let application = try WebApplication(configuration: configuration)
    self.application = application
    // Served as a user's app is: the site's own server configuration.
    var serving = try application.site.serverConfiguration(
      address: .tcp(host: "127.0.0.1", port: 0))
    serving.logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    server = HTTPServer(configuration: serving, responder: application)
    try server.start()
    client = TestClient(port: server.port)
  }

  deinit {
    server.shutdown()
    try? FileManager.default.removeItem(atPath: dataDirectory)
  }

  /// GETs `path` with exactly the headers given: each request is a client of its own, with no
  /// cookie from an earlier answer (a test that wants one sends it).
  func get(
    _ path: String, headers: [(name: String, value: String)] = []
  ) async throws
    -> TestResponse
  {
    try await TestClient(port: server.port).get(path, headers: headers)
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
        headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers,
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
