import MVVMWebServer
import MVVMWebViewModels

/// What reads a site's sessions: a middleware, before routing, that sets `Request.session` from
/// the request's session cookie (or leaves it nil), and that signs a test's client in the way a
/// person signs in, so a test of a rule needs no password. The accounts module gives one.
public protocol SessionResolver: Middleware {
  /// Calls `handler` whenever sessions end or change, here or on another instance sharing the
  /// store, on whatever thread learns it: the site closes the live pages those sessions follow.
  func whenSessionsEnd(_ handler: @escaping @Sendable (EndedSessions) -> Void)

  /// Makes the account `name` with `role` if there is none, and a new session for it; returns
  /// the cookie that carries the session, as a browser would send it back.
  func signInForTesting(name: String, role: Role) async throws -> (name: String, value: String)
}
