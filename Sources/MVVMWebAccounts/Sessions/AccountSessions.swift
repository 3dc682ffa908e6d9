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
    guard let header = request.headers["cookie"], let cookie = Self.cookie(header, of: request)
    else { return next(&request) }
    let (hash, isAlone) = (cookie.hash, cookie.isAlone)
    let now = accounts.now()
    if let entry = accounts.cache.fresh(hash, at: now) {
      accounts.renewIfDue(entry, at: now)
      admit(entry, &request, at: now, isAlone: isAlone)
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
        if let found { admit(found, &request, at: accounts.now(), isAlone: isAlone) }
        var response = next(&request)
        if found == nil {
          let cleared = SessionCookie.cleared(for: asked)
          response.amend { $0.headers.add("Set-Cookie", cleared) }
        }
        response.deliver(to: complete)
      }
    }
  }

  /// What a `Cookie` header says of the session: read once per connection, since a browser
  /// sends the same header on every request of one (the token found, its hash, noted in the
  /// connection's memo). Whether the session is good is asked of the cache on every request.
  private static func cookie(_ header: String, of request: Request) -> SessionCookie.Read? {
    let memo = request.connectionMemo
    if let read = memo?.value(for: header) as? SessionCookie.Read { return read }
    guard let token = SessionCookie.token(inHeader: header) else { return nil }
    let read = SessionCookie.Read(
      hash: token.hash, isAlone: SessionCookie.isAlone(inHeader: header))
    memo?.note(read, for: header)
    return read
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

  /// Sets `request`'s session from `entry`, and notes its use at `now`; `isAlone` when the
  /// session's is the request's only cookie.
  private func admit(
    _ entry: SessionCache.Entry, _ request: inout Request, at now: Date, isAlone: Bool
  ) {
    request.session = RequestSession(
      account: entry.account.name, role: entry.account.role, key: entry.key,
      lastSignIn: entry.session.lastSignIn,
      isRecent: now.timeIntervalSince(entry.session.lastSignIn)
        < Accounts.seconds(accounts.settings.recentSignIn),
      isSoleCookie: isAlone)
    accounts.touch(entry, at: now, from: request)
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
