import MVVMWeb

/// Builds `site`, serves it on a free port of 127.0.0.1 with the usual middleware for the
/// length of `body`, which gets the port, and shuts the server down after.
func serving(_ site: Site, _ body: (_ port: Int) throws -> Void) throws {
  let website = try site.build()
  let server = HTTPServer(
    configuration: try website.serverConfiguration(address: .tcp(host: "127.0.0.1", port: 0)),
    responder: website)
  try server.start()
  defer { server.shutdown() }
  try body(server.port)
}
