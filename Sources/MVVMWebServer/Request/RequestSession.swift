import Foundation

/// The session a request came with, as the site's accounts found it: whose it is, their role,
/// when they last proved who they are, and the session's key (the hex SHA-256 of its token,
/// never the token). The log shows only its short id.
public struct RequestSession: Sendable, Equatable {
  /// The account's name.
  public let account: String
  /// The account's role (`member`, `admin`).
  public let role: String
  /// The session's key: the hex SHA-256 of its token.
  public let key: String
  /// When its person last signed in (or proved it again for a sensitive action).
  public let lastSignIn: Date
  /// Whether that sign-in is recent enough for a sensitive action (the accounts' setting).
  public let isRecent: Bool
  /// Whether the session's cookie is the only cookie the request carries: a page made for it
  /// then depends on the viewer and nothing else the browser sent (no one-time notice), so it
  /// may be validated by its data's version, as a signed-out page is.
  public let isSoleCookie: Bool

  /// A session with these values.
  public init(
    account: String, role: String, key: String, lastSignIn: Date, isRecent: Bool = true,
    isSoleCookie: Bool = false
  ) {
    self.account = account
    self.role = role
    self.key = key
    self.lastSignIn = lastSignIn
    self.isRecent = isRecent
    self.isSoleCookie = isSoleCookie
  }

  /// The key's first 8 hex digits: names the session in a log line without giving it away.
  public var shortID: Substring { key.prefix(8) }
}
