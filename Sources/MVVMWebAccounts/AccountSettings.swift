/// How long sessions and links last, and how recent a sign-in must be for a sensitive action:
/// the `serve` flags, or a test's.
public struct AccountSettings: Sendable {
  /// A session not used for this long has ended (`--session-idle-days`, 7).
  public var idleLifetime: Duration
  /// A session this old has ended, however much it is used (`--session-days`, 30).
  public var absoluteLifetime: Duration
  /// A sensitive action (changing a password, ending other sessions, removing a passkey, a
  /// route marked `recent`) needs a sign-in this recent (`--reauthenticate-minutes`, 15).
  public var recentSignIn: Duration
  /// How long a one-time link from `accounts add` or `accounts link` stays good (10 minutes).
  public var linkLifetime: Duration

  /// Settings with these values; the defaults are `serve`'s.
  public init(
    idleLifetime: Duration = .seconds(7 * 86_400),
    absoluteLifetime: Duration = .seconds(30 * 86_400), recentSignIn: Duration = .seconds(15 * 60),
    linkLifetime: Duration = .seconds(10 * 60)
  ) {
    self.idleLifetime = idleLifetime
    self.absoluteLifetime = absoluteLifetime
    self.recentSignIn = recentSignIn
    self.linkLifetime = linkLifetime
  }
}
