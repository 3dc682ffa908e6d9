import Foundation
import MVVMWeb
import MVVMWebServer
import TestSupport
import WebApp

/// The whole app on a fresh data folder, served over a real loopback socket, with the
/// repository's own templates and static files.
final class AppHarness {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  let dataDirectory = NSTemporaryDirectory() + "mvvmweb-app-\(UUID().uuidString.prefix(8))"
  let application: WebApplication
  let server: HTTPServer

  init(demo: Bool = false, configure: (inout AppConfiguration) -> Void = { _ in }) throws {
    var configuration = AppConfiguration(
      dataDirectory: dataDirectory, templatesDirectory: Self.repository + "/Templates",
      publicDirectory: Self.repository + "/Public", seedsDemoData: demo,
      timeZone: TimeZone(identifier: "UTC")!)
    configure(&configuration)
    let application = try WebApplication(configuration: configuration)
    self.application = application
    server = try startTestServer(responder: application) { server in
      server.requestPreparer = { application.prepare(&$0) }
      server.middleware = ServerConfiguration.standardMiddleware + application.middleware
      server.metrics = configuration.metrics.server
    }
  }

  deinit {
    server.shutdown()
    try? FileManager.default.removeItem(atPath: dataDirectory)
  }

  func get(_ path: String, headers: [(String, String)] = []) throws -> TestResponse {
    try TestClient(port: server.port).request("GET", path, headers: headers)
  }

  /// A same-origin form post, as a browser sends it.
  func post(
    _ path: String, _ body: String,
    headers: [(String, String)] = [("Sec-Fetch-Site", "same-origin")]
  )
    throws -> TestResponse
  {
    try TestClient(port: server.port).request(
      "POST", path, headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers,
      body: body)
  }
}
