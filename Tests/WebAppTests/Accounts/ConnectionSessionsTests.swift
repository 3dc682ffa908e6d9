import Dispatch
import Foundation
import MVVMWeb
import TestSupport
import Testing

/// A browser sends the same `Cookie` header on every request of a keep-alive connection, and the
/// server reads it once per connection: each request still gets the session its own header
/// names, and a session ended elsewhere is refused on the connection's next request.
@Suite(.timeLimit(.minutes(2))) struct ConnectionSessionsTests {
  /// One raw keep-alive connection, whose blocking reads run on a thread of their own: blocking
  /// one of the test process's few cooperative threads would starve the server's own tasks (a
  /// session read from the store) and every other suite running beside this one.
  final class Connection: @unchecked Sendable {
    private let client: TestSupport.TestClient
    private let queue = DispatchQueue(label: "connection-sessions")

    init(port: Int) throws {
      client = try TestSupport.TestClient(port: port)
    }

    /// `GET /account` with `cookie`: who the page is for (`Mia`, `Abe`), or the status.
    func account(_ cookie: String?) async throws -> (status: Int, who: String, location: String?) {
      try await withCheckedThrowingContinuation { continuation in
        queue.async { [self] in
          continuation.resume(
            with: Result {
              let response = try self.client.request(
                "GET", "/account", headers: cookie.map { [("Cookie", $0)] } ?? [])
              let (isMia, isAbe) = (response.text.contains("Mia"), response.text.contains("Abe"))
              let who = isMia == isAbe ? "neither or both" : isMia ? "Mia" : "Abe"
              return (
                response.status, response.status == 200 ? who : "", response.header("Location")
              )
            })
        }
      }
    }
  }

  @Test func eachRequestOnOneConnectionIsWhoeverItsOwnCookieNames() async throws {
    let app = try await AppHarness(signedIn: nil)
    let mia = try await app.session("Mia")
    let abe = try await app.session("Abe", role: .admin)
    let connection = try Connection(port: app.server.port)
    var seen: [String] = []
    for cookie in [mia, abe, mia, abe] { seen.append(try await connection.account(cookie).who) }
    #expect(seen == ["Mia", "Abe", "Mia", "Abe"])
    // Signed out on another connection: refused on this one's next request with that cookie,
    // while the other session goes on.
    #expect(try await app.form("/sign-out", [], cookie: mia).status == 303)
    let ended = try await connection.account(mia)
    #expect(ended.status == 303)
    #expect(ended.location?.hasPrefix("/sign-in?") == true)
    #expect(try await connection.account(abe).who == "Abe")
    #expect(try await connection.account(nil).status == 303)
  }
}
