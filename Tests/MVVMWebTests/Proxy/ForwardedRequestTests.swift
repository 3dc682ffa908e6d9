import Testing

@testable import MVVMWeb

@Suite struct ForwardedRequestTests {
  private func resolve(
    peer: ProxyPeer = .ip("127.0.0.1"), trusted: TrustedProxies = .loopback,
    _ headers: [String: String]
  ) -> ForwardedRequest {
    ForwardedRequest.resolve(peer: peer, trusted: trusted) { headers[$0] }
  }

  @Test func untrustedPeerHeadersAreIgnored() {
    let result = resolve(
      peer: .ip("198.51.100.7"),
      [
        "x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https", "x-forwarded-host": "evil.test",
        "x-forwarded-prefix": "/evil", "forwarded": "for=1.2.3.4;proto=https",
        "x-request-id": "forged-id",
      ])
    #expect(result == ForwardedRequest(clientAddress: "198.51.100.7"))
  }

  @Test func aTrustedProxysRequestIdIsKeptWhenItIsAPlainToken() {
    #expect(resolve(["x-request-id": "nginx-4f2a:9.1_x"]).requestID == "nginx-4f2a:9.1_x")
    #expect(resolve(["x-request-id": "two words"]).requestID == nil)
    #expect(resolve(["x-request-id": ""]).requestID == nil)
    #expect(resolve(["x-request-id": String(repeating: "a", count: 129)]).requestID == nil)
    #expect(resolve(["x-request-id": "é"]).requestID == nil)
  }

  @Test func xForwardedHeadersFromTrustedProxy() {
    let result = resolve([
      "x-forwarded-for": "203.0.113.5", "x-forwarded-proto": "https",
      "x-forwarded-host": "example.com", "x-forwarded-prefix": "/league/",
    ])
    #expect(
      result
        == ForwardedRequest(
          clientAddress: "203.0.113.5", scheme: "https", host: "example.com", prefix: "/league"))
  }

  @Test func clientIsRightmostUntrustedHopSoForgedLeftEntriesAreSkipped() {
    let result = resolve(
      trusted: try! TrustedProxies(specifications: ["127.0.0.1", "10.0.0.0/8"]),
      ["x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.2"])
    #expect(result.clientAddress == "203.0.113.5")
  }

  @Test func allHopsTrustedMeansLeftmost() {
    let result = resolve(["x-forwarded-for": "127.0.0.5, 127.0.0.9"])
    #expect(result.clientAddress == "127.0.0.5")
  }

  @Test func unixSocketPeerIsTrustedByDefault() {
    let result = resolve(peer: .unixSocket, ["x-forwarded-for": "192.0.2.44"])
    #expect(result.clientAddress == "192.0.2.44")
    #expect(resolve(peer: .unixSocket, [:]).clientAddress == "unix")
  }

  @Test func rfc7239QuotedIPv6WithPortAndProtoAndHost() {
    let result = resolve([
      "forwarded": #"for="[2001:db8:cafe::17]:4711";proto=https;host="shop.example:8443""#
    ])
    #expect(
      result
        == ForwardedRequest(
          clientAddress: "2001:db8:cafe::17", scheme: "https", host: "shop.example:8443"))
  }

  @Test func rfc7239WinsOverXForwardedFor() {
    let result = resolve([
      "forwarded": "for=192.0.2.60;proto=http, for=127.0.0.1", "x-forwarded-for": "6.6.6.6",
    ])
    #expect(result.clientAddress == "192.0.2.60")
    #expect(result.scheme == "http")
  }

  @Test(arguments: [
    ("for=unknown", "unknown"),
    ("for=_hidden, for=127.0.0.1", "_hidden"),
    (#"For="192.0.2.43:47011""#, "192.0.2.43"),
    (#"for="\"quoted\\\"""#, #""quoted\""#),
  ])
  func rfc7239Identifiers(header: String, client: String) {
    #expect(resolve(["forwarded": header]).clientAddress == client)
  }

  @Test func malformedForwardedFallsBackToXForwardedFor() {
    let result = resolve(["forwarded": "for=\"unterminated", "x-forwarded-for": "192.0.2.9"])
    #expect(result.clientAddress == "192.0.2.9")
  }

  @Test(
    arguments: [
      ("javascript", nil), ("HTTPS", "https"), ("ftp", nil),
    ] as [(String, String?)])
  func onlyHTTPSchemesAreBelieved(proto: String, scheme: String?) {
    #expect(resolve(["x-forwarded-proto": proto]).scheme == scheme)
  }

  @Test(
    arguments: [
      ("/league", "/league"), ("/", ""), ("/a/b/", "/a/b"), ("league", nil), ("/../etc", nil),
      ("//evil.test", nil), ("/x\"onload", nil), ("/a b", nil),
    ] as [(String, String?)])
  func prefixesMustBePlainPaths(header: String, prefix: String?) {
    #expect(resolve(["x-forwarded-prefix": header]).prefix == prefix)
  }

  @Test func hostWithUnsafeCharactersIsIgnored() {
    #expect(resolve(["x-forwarded-host": "evil.test/<x>"]).host == nil)
    #expect(resolve(["x-forwarded-host": "[::1]:8080"]).host == "[::1]:8080")
  }
}
