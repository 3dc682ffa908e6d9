import Foundation
import MVVMWeb
import MVVMWebTesting
import Testing

/// The host check runs on the `Host` the connection received, before anything a proxy says is
/// believed; a forwarded host, where believed, must be one the site serves too. And a site that
/// names no hosts answers its own: on loopback the loopback's names, on a unix socket any, and
/// on another address it is refused before it listens.
@Suite struct ForwardedHostTests {
  static let save = Route("/players/new")
  static let page = Route("/matches")

  func site(_ hosts: AllowedHosts = .ownNames) throws -> WebSite {
    var site = Site(
      SiteConfiguration(templatesDirectory: NSTemporaryDirectory(), allowedHosts: hosts))
    site.metricsPage()
    site.get(Self.page) { request in .text("matches for \(request.host ?? "-")") }
    site.post(Self.save, allowed: .everyone) { request in
      _ = try request.checkedForm()
      return .redirect(to: "/")
    }
    return try site.build()
  }

  static let rebound: [[(name: String, value: String)]] = [
    [("Host", "evil.example"), ("X-Forwarded-Host", "localhost")],
    [("Host", "evil.example:8080"), ("Forwarded", "host=localhost")],
    [
      ("Host", "evil.example"), ("X-Forwarded-Host", "127.0.0.1:8080"),
      ("X-Forwarded-For", "127.0.0.1"),
    ],
  ]

  /// A page on a name rebound to 127.0.0.1 (DNS rebinding) may add `X-Forwarded-Host:
  /// localhost`, and loopback is a trusted proxy: its own `Host` still decides, for pages,
  /// posts and `/metrics` alike.
  @Test(arguments: rebound)
  func aForeignHostIsRefusedWhateverAProxyHeaderSays(
    headers: [(name: String, value: String)]
  ) async throws {
    try await site().test(.socket) { client in
      for path in ["/matches", "/metrics"] {
        let refused = try await client.get(path, headers: headers)
        #expect(refused.status == 400, "\(path)")
        #expect(refused.text.contains("This server does not answer for the host evil.example."))
      }
      let posted = try await client.post(
        "/players/new", form: [("name", "Mallory")],
        headers: headers + [("Origin", "http://localhost")])
      #expect(posted.status == 400)
    }
  }

  /// Where the connection's host is allowed and a trusted proxy names another, that one must be
  /// allowed too; an allowed one is believed.
  @Test func aForwardedHostMustBeAllowedToo() async throws {
    try await site().test(.socket) { client in
      let foreign = try await client.get(
        "/matches", headers: [("Host", "localhost"), ("X-Forwarded-Host", "evil.example")])
      #expect(foreign.status == 400)
      #expect(foreign.text.contains("This server does not answer for the host evil.example."))
      let own = try await client.get(
        "/matches", headers: [("Host", "127.0.0.1:9"), ("X-Forwarded-Host", "localhost:8080")])
      #expect(own.status == 200 && own.text == "matches for localhost:8080")
    }
  }

  /// With no hosts named, a site on loopback answers the loopback's names and its address only.
  @Test func aSiteOnLoopbackAnswersItsOwnNamesByDefault() async throws {
    try await site().test(.socket) { client in
      for (host, status) in [("localhost:8080", 200), ("127.0.0.1", 200), ("evil.example", 400)] {
        let answer = try await client.get("/matches", headers: [("Host", host)])
        #expect(answer.status == status, "\(host)")
      }
    }
    let served = try site().serverConfiguration(address: .tcp(host: "127.0.0.2", port: 0))
    #expect(served.address == .tcp(host: "127.0.0.2", port: 0))
    #expect(
      try AllowedHosts.ownNames.served(at: .tcp(host: "127.0.0.2", port: 80))
        == .loopback(listeningOn: "127.0.0.2"))
    #expect(
      try AllowedHosts.ownNames.served(at: .tcp(host: "::1", port: 80))
        == .loopback(listeningOn: "::1"))
    #expect(try AllowedHosts.ownNames.served(at: .unix(path: "/run/app.sock")) == .any)
  }

  /// On an address other machines reach, there are no names to assume: the site must be given
  /// them, and says so before it listens. Named hosts are kept wherever the site is served.
  @Test func aSiteElsewhereMustBeToldItsHosts() throws {
    #expect(throws: AllowedHostsRequired(host: "0.0.0.0")) {
      try site().serverConfiguration(address: .tcp(host: "0.0.0.0", port: 8080))
    }
    #expect(
      AllowedHostsRequired(host: "0.0.0.0").description
        == "serving on 0.0.0.0, a site must be told the host names browsers use to reach it: set "
        + "its allowed hosts (SiteConfiguration.allowedHosts, e.g. AllowedHosts(specifications: "
        + "[\"example.com\"]), or .any behind a proxy that checks them)")
    let named = try AllowedHosts(specifications: ["example.com"])
    #expect(try named.served(at: .tcp(host: "0.0.0.0", port: 80)) == named)
    #expect(try named.served(at: .unix(path: "/run/app.sock")) == named)
    _ = try site(named).serverConfiguration(address: .tcp(host: "0.0.0.0", port: 8080))
  }
}
