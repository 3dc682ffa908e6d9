import Foundation
import MVVMWeb
import MVVMWebTesting
import Testing

/// On loopback a site answers its own names only: a page elsewhere whose name is rebound to
/// 127.0.0.1 (DNS rebinding) is same-origin with itself, and only its `Host` tells it apart.
@Suite struct LoopbackHostsTests {
  static let save = Route("/players/new")

  func site(_ hosts: AllowedHosts) throws -> WebSite {
    var site = Site(
      SiteConfiguration(templatesDirectory: NSTemporaryDirectory(), allowedHosts: hosts))
    site.post(Self.save, allowed: .everyone) { request in
      _ = try request.checkedForm()
      return .redirect(to: "/")
    }
    return try site.build()
  }

  func post(_ client: TestClient, host: String) async throws -> TestResponse {
    try await client.post(
      "/players/new", form: [("name", "Mallory")],
      headers: [("Host", host), ("Origin", "http://\(host)")])
  }

  @Test func theLoopbacksOwnNamesAndTheListeningAddressAreAnswered() throws {
    let hosts = AllowedHosts.loopback(listeningOn: "127.0.0.2")
    for host in [
      "localhost", "LOCALHOST:8080", "app.localhost", "127.0.0.1:8080", "[::1]:8080",
      "127.0.0.2", "127.0.0.2:80",
    ] {
      #expect(hosts.allows(host), "\(host)")
    }
    for host in ["evil.example", "127.0.0.3", "localhost.evil.example", "[::2]"] {
      #expect(!hosts.allows(host), "\(host)")
    }
    #expect(AllowedHosts.loopback(listeningOn: "::1").allows("[::1]:8080"))
  }

  @Test func aRebindingPageIsRefusedWithTheFlagToUse() async throws {
    try await site(.loopback(listeningOn: "127.0.0.1")).test(.socket) { client in
      let rebound = try await post(client, host: "evil.example")
      #expect(rebound.status == 400)
      #expect(
        rebound.text.contains(
          "This server does not answer for the host evil.example. If it should, start it with "
            + "that name among its allowed hosts (mvvmweb serve --allowed-hosts evil.example)."))
      #expect(try await post(client, host: "localhost:8080").status == 303)
      #expect(try await post(client, host: "127.0.0.1:8080").status == 303)
    }
  }
}
