import Foundation

/// Copies the accounts of one store into another, as `accounts copy` does when a site moves
/// from its SQLite file to PostgreSQL (or back): each account keeps its id, name, role,
/// password hash and date, with its passkeys and its sessions, so nobody sets a password or
/// registers a passkey again, and whoever was signed in stays signed in. One-time links,
/// challenges and sign-in failures last minutes and are not copied.
///
/// The target must hold no account of its own: accounts are never merged. A copy that stopped
/// half-way can be run again: what the target holds already of the source's is left as it is,
/// and the rest is added.
public enum AccountTransfer {
  /// What was copied.
  public struct Summary: Sendable, Equatable, CustomStringConvertible {
    /// The source's accounts, now all in the target.
    public var accounts: Int
    /// Their passkeys.
    public var passkeys: Int
    /// Their sessions, each still signing its person in.
    public var sessions: Int

    public var description: String {
      func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
      }
      return "\(counted(accounts, "account")), \(counted(passkeys, "passkey")) and "
        + counted(sessions, "session")
    }
  }

  /// The target has an account the source has not (by id, or with a different name, role or
  /// password): nothing was copied.
  public struct TargetHasOtherAccounts: Error, Equatable, CustomStringConvertible {
    /// The first such account's name.
    public var name: String

    public var description: String {
      "the target already has accounts of its own (\(name)), so no account was copied: accounts are never merged. If a first start made it there, remove it (accounts remove \(name) with the target's --database or --data) and run this again"
    }
  }

  /// Copies every account of `source`, with its passkeys and sessions, into `target`.
  public static func copy(
    from source: any AccountStore, to target: any AccountStore
  ) throws -> Summary {
    let accounts = try source.accounts()
    let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let present = try target.accounts()
    if let other = present.first(where: { byID[$0.id] != $0 }) {
      throw TargetHasOtherAccounts(name: other.name)
    }
    let presentIDs = Set(present.map(\.id))
    var summary = Summary(accounts: 0, passkeys: 0, sessions: 0)
    for account in accounts {
      if !presentIDs.contains(account.id) { try target.addAccount(account) }
      summary.accounts += 1
      for passkey in try source.passkeys(of: account.id) {
        if try target.passkey(credentialID: passkey.credentialID) == nil {
          try target.addPasskey(passkey)
        }
        summary.passkeys += 1
      }
      for session in try source.sessions(of: account.id) {
        if try target.session(session.hash) == nil { try target.addSession(session) }
        summary.sessions += 1
      }
    }
    return summary
  }
}
