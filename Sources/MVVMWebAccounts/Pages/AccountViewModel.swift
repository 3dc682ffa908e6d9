import Foundation
import MVVMWebViewModels

/// A person's own account: who they are, where and when each of their sessions was last used
/// (this one marked), and the forms that end sessions and change the password.
@Outputs
public final class AccountViewModel {
  /// One session of the account.
  @Outputs
  public struct SessionLine: Sendable, Equatable {
    /// Its id in the form that ends it (the first digits of its key).
    public let id: String
    /// Where it was last used: the browser and the address (`Chrome on Linux, 203.0.113.5`).
    public let whereText: String
    /// When, in words (`3 minutes ago`).
    public let whenText: String
    /// Whether it is the one this page was asked with.
    public let isCurrent: Bool
  }

  /// The account's name.
  public let name: String
  /// The account's role.
  public let role: String
  /// Its sessions, the most recently used first.
  public let sessions: [SessionLine]
  /// Whether there are sessions besides this one.
  public var hasOtherSessions: Bool { sessions.contains { !$0.isCurrent } }
  /// Why the current password was refused.
  public private(set) var currentError: String?
  /// Why the new password was refused.
  public private(set) var passwordError: String?
  /// A confirmation the page shows once ("Password changed").
  public let notice: String?
  /// Where the sign-out form is sent.
  public let signOut: Link = Link(AccountDestination.signOut)
  /// Where a session's "End" form is sent.
  public let endSession: Link = Link(AccountDestination.endSession)
  /// Where "End every other session" is sent.
  public let endOthers: Link = Link(AccountDestination.endOthers)
  /// Where the password form is sent.
  public let changePassword: Link = Link(AccountDestination.password)
  private var current = ""
  private var password = ""
  private var ending = ""

  /// The page of `account`, with `sessions` (the one whose key is `currentKey` marked), as
  /// seen at `now`.
  init(
    account: Account, sessions: [StoredSession], currentKey: TokenHash, now: Date,
    notice: String?
  ) {
    name = account.name
    role = account.role
    self.sessions = sessions.map { session in
      SessionLine(
        id: String(session.hash.hex.prefix(16)),
        whereText: "\(Browser.name(session.agent)), \(session.client)",
        whenText: Self.ago(now.timeIntervalSince(session.lastUsed)),
        isCurrent: session.hash == currentKey)
    }
    self.notice = notice
  }

  /// Input: the current password.
  public func setCurrent(_ text: String) { current = text }
  /// Input: the new password.
  public func setPassword(_ text: String) { password = text }
  /// Input: the session to end (its id).
  public func setSession(_ id: String) { ending = id }

  /// The passwords typed.
  @OutputIgnored var typed: (current: String, new: String) { (current, password) }
  /// The id of the session to end.
  @OutputIgnored var sessionToEnd: String { ending }

  /// Shows why the current password was refused.
  func refuseCurrent(_ reason: String) { currentError = reason }
  /// Shows why the new password was refused.
  func refusePassword(_ reason: String) { passwordError = reason }

  /// `seconds` ago in words: "just now", "3 minutes ago", "2 hours ago", "5 days ago".
  static func ago(_ seconds: TimeInterval) -> String {
    let minutes = Int(max(0, seconds) / 60)
    switch minutes {
    case 0: return "just now"
    case 1..<60: return minutes == 1 ? "a minute ago" : "\(minutes) minutes ago"
    case 60..<1440: return minutes < 120 ? "an hour ago" : "\(minutes / 60) hours ago"
    default: return minutes < 2880 ? "a day ago" : "\(minutes / 1440) days ago"
    }
  }
}

extension AccountViewModel: Inputs {
  /// The passwords of the password form, and the id of the session the end form ends.
  public static let inputs: [Input<AccountViewModel>] = [
    .text("current", setCurrent), .text("password", setPassword), .text("session", setSession),
  ]
}
