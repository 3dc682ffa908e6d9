import Foundation
import MVVMWeb
import TestSupport
import Testing

/// A browser sends the same `Cookie` header on every request of a keep-alive connection, and the
/// server reads it once per connection: each request still gets the session its own header
/// names, and a session ended elsewhere is refused on the connection's next request.
@Suite(.timeLimit(.minutes(2))) struct ConnectionSessionsTests {
  @Test func eachRequestOnOneConnectionIsWhoeverItsOwnCookieNames() async throws {
    let app = try await AppHarness(signedIn: nil)
    let mia = try await app.session("Mia")
    let abe = try await app.session("Abe", role: .admin)
    let connection = try TestSupport.TestClient(port: app.server.port)
    func account(_ cookie: String?) throws -> TestResponse {
      try connection.request("GET", "/account", headers: cookie.map { [("Cookie", $0)] } ?? [])
    }
    func name(_ response: TestResponse) -> String {
      guard response.status == 200 else { return "\(response.status)" }
      let (isMia, isAbe) = (response.text.contains("Mia"), response.text.contains("Abe"))
      return isMia == isAbe ? "neither or both" : isMia ? "Mia" : "Abe"
    }
    #expect(
      try [mia, abe, mia, abe].map { name(try account($0)) } == ["Mia", "Abe", "Mia", "Abe"])
    // Signed out on another connection: refused on this one's next request with that cookie,
    // while the other session goes on.
    #expect(try await app.form("/sign-out", [], cookie: mia).status == 303)
    let ended = try account(mia)
    #expect(ended.status == 303)
    #expect(ended.header("Location")?.hasPrefix("/sign-in?") == true)
    #expect(name(try account(abe)) == "Abe")
    #expect(try account(nil).status == 303)
  }
}
