import Logging
import MVVMWeb

extension WebSite {
  /// Runs `test` with a client of this site over `transport`: in process (the whole middleware
  /// chain and the store's lanes, no socket), or over a real socket on a free port of
  /// 127.0.0.1, served by an `HTTPServer` that is shut down when `test` ends. The server's log is
  /// off.
  ///
  /// ```swift
  /// @Test(arguments: [TestTransport.inProcess, .socket])
  /// func thePageInvitesTheFirstGreeting(transport: TestTransport) async throws {
  ///   try await site().test(transport) { client in
  ///     let page = try await client.page("/")
  ///     #expect(page.text(id: "greetings") == "Nobody yet: be the first.")
  ///     let form = try page.form(submit: "Greet me")
  ///     #expect(try form.value(of: "Your name") == "")
  ///     #expect(try form.message(for: "Your name") == nil)
  ///   }
  /// }
  /// ```
  public func test<Value: Sendable>(
    _ transport: TestTransport = .inProcess, _ test: (TestClient) async throws -> Value
  ) async throws -> Value {
    var configuration = try serverConfiguration(address: .tcp(host: "127.0.0.1", port: 0))
    configuration.logger = Logger(label: "mvvmweb-test") { _ in SwiftLogNoOpLogHandler() }
    switch transport {
    case .inProcess:
      return try await test(
        TestClient(configuration: configuration, responder: self, sessions: sessions))
    case .socket:
      let server = HTTPServer(configuration: configuration, responder: self)
      try server.start()
      defer { server.shutdown() }
      return try await test(TestClient(port: server.port, sessions: sessions))
    }
  }
}
