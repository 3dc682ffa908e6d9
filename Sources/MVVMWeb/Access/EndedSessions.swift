/// Which sessions ended or changed (signed out, ended from another device, their account's role
/// changed or the account removed), as a `SessionResolver` reports them: the site closes the live
/// pages they follow, and each browser that reconnects is asked again who it is.
public enum EndedSessions: Sendable, Equatable {
  /// The sessions with these keys (`RequestSession.key`).
  case keys(Set<String>)
  /// Any session may have: news from the other instances was missed (their listener
  /// reconnected), so every signed-in stream is closed.
  case all
}
