import Foundation
import MVVMWeb

/// The site's sessions, read before routing: a request's session cookie becomes its
/// `Request.session` when the session is good, from the cache (no store read), or from the
/// store on its read lane when the cache has not seen it this second. A cookie whose session
/// has ended is cleared in the answer. A request without the cookie costs one header lookup.
struct AccountSessions: SessionResolver {
  let accounts: Accounts

  func respond(to request: inout Request, next: Next) -> Response {
    if request.path.hasPrefix(AccountRoutes.welcome.pattern) {
      // A one-time link's code rides in the query: the access line never shows it.
      request.loggedTarget = request.path + (request.target.contains("?") ? "?…" : "")
    }
    guard let token = SessionCookie.token(in: request) else { return next(&request) }
    let hash = token.hash
    if let entry = accounts.cache.fresh(hash, at: accounts.now()) {
      admit(entry, &request)
      return next(&request)
    }
    let asked = request
    let accounts = accounts
    return .later { complete in
      Task {
        var request = asked
        let found: SessionCache.Entry?
        do {
          found = try await accounts.session(hash)
        } catch {
          // Nobody can tell who this is now: not signed out (their form would be lost on the
          // sign-in page), but asked to come back.
          return complete(Self.cannotCheck)
        }
        if let found { admit(found, &request) }
        var response = next(&request)
        if found == nil {
          let cleared = SessionCookie.cleared(for: asked)
          response.amend { $0.headers.add("Set-Cookie", cleared) }
        }
        response.deliver(to: complete)
      }
    }
  }

  /// The answer when the store did not say in time whether a session is good.
  static let cannotCheck: Response = {
    var response = Response.text(
      "The site cannot check who you are just now: its data did not answer in time. Please try "
        + "again in a few seconds.\n", status: .serviceUnavailable)
    response.headers.add("Retry-After", "5")
    response.headers.add("Cache-Control", "no-store")
    return response
  }()

  /// Sets `request`'s session from `entry`, and notes its use.
  private func admit(_ entry: SessionCache.Entry, _ request: inout Request) {
    request.session = RequestSession(
      account: entry.account.name, role: entry.account.role,
      key: entry.session.hash.hex,
      lastSignIn: entry.session.lastSignIn,
      isRecent: accounts.now().timeIntervalSince(entry.session.lastSignIn)
        < Accounts.seconds(accounts.settings.recentSignIn),
      isSoleCookie: SessionCookie.isAlone(in: request))
    accounts.touch(
      entry, client: request.clientAddress, agent: request.headers["user-agent"] ?? "")
  }

  func whenSessionsEnd(_ handler: @escaping @Sendable (EndedSessions) -> Void) {
    accounts.whenSessionsEnd(handler)
  }

  func signInForTesting(name: String, role: Role) async throws -> (name: String, value: String) {
    let account = try await accounts.testAccount(name: name, role: role.name)
    let token = try await accounts.startSession(for: account, client: "test", agent: "test")
    return (SessionCookie.plainName, token.text)
  }
}
