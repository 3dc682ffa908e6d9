import Foundation
import MVVMWeb

/// What an admin does with accounts (`accounts add`, `list`, `remove`, `role`, `link`): every
/// change takes effect on the account's next request, and ends its sessions where it must.
extension Accounts {
  /// A one-time link's code and until when it is good.
  public struct Link: Sendable {
    /// The code, to put in the link (`/account/welcome?code=…`); kept nowhere but in the link.
    public let code: String
    /// When it stops working.
    public let expires: Date

    /// The link's path, under the site's base path.
    public func path(basePath: String = "") -> String {
      basePath + AccountRoutes.welcome.path(code)
    }
  }

  /// What an admin's change could not do.
  public enum ChangeError: Error, Equatable, CustomStringConvertible {
    /// The name breaks a rule of account names.
    case badName(String)
    /// An account has that name already.
    case nameTaken(String)
    /// No account has that name.
    case noSuchAccount(String)

    /// The reason, in words.
    public var description: String {
      switch self {
      case .badName(let problem): "the name is refused: \(problem)"
      case .nameTaken(let name): "an account named \(name) exists already"
      case .noSuchAccount(let name): "there is no account named \(name)"
      }
    }
  }

  /// Adds the account `name` with `role`, and a one-time link to set its password.
  public func add(name: String, role: Role) async throws -> (account: Account, link: Link) {
    if let problem = AccountName.problem(name) { throw ChangeError.badName(problem) }
    let account: Account
    do {
      account = try await executor.write {
        try self.store.addAccount(name: name, role: role.name, at: self.now())
      }
    } catch AccountStoreError.nameTaken {
      throw ChangeError.nameTaken(name)
    }
    return (account, try await link(for: account))
  }

  /// A new one-time link for the account `name` (the ones before stop working): how a person
  /// who lost their password gets back in.
  public func newLink(name: String) async throws -> Link {
    try await link(for: try await account(named: name))
  }

  /// Every account, by name.
  public func list() async throws -> [Account] {
    try await executor.read { try self.store.accounts() }
  }

  /// Copies every account, with its passkeys and sessions, into `other`'s store, which holds
  /// none of its own (`AccountTransfer`): a site moving to another database.
  public func copy(into other: Accounts) async throws -> AccountTransfer.Summary {
    try await other.executor.write { try AccountTransfer.copy(from: self.store, to: other.store) }
  }

  /// Whether any account exists (a fresh site prints a link for its first admin).
  public func isEmpty() async throws -> Bool {
    try await list().isEmpty
  }

  /// Removes the account `name`, ending its sessions everywhere.
  public func remove(name: String) async throws {
    let account = try await account(named: name)
    let sessions = try await executor.write { try self.store.removeAccount(id: account.id) }
    cache.forget(account: account.id)
    await end(sessions ?? [])
  }

  /// Ends every session of the account `name`, on every instance: someone who lost a device
  /// is signed out of it.
  public func endSessions(name: String) async throws {
    try await endSessions(of: try await account(named: name).id, keeping: nil)
  }

  /// Gives the account `name` the role `role`, from its next request on; the live pages its
  /// sessions follow are closed, and open again as the new role sees them.
  public func setRole(_ role: Role, of name: String) async throws {
    try await setRole(role.name, of: try await account(named: name))
  }

  /// The account `name`, or `ChangeError.noSuchAccount`.
  func account(named name: String) async throws -> Account {
    guard let account = try await executor.read({ try self.store.account(named: name) }) else {
      throw ChangeError.noSuchAccount(name)
    }
    return account
  }

  /// The account `name` with `role`, made if missing: for a test that signs a client in.
  func testAccount(name: String, role: String) async throws -> Account {
    if let account = try await executor.read({ try self.store.account(named: name) }) {
      if account.role != role { try await setRole(role, of: account) }
      return Account(
        id: account.id, name: account.name, role: role, passwordHash: account.passwordHash,
        created: account.created)
    }
    return try await executor.write {
      try self.store.addAccount(name: name, role: role, at: self.now())
    }
  }

  private func setRole(_ role: String, of account: Account) async throws {
    let sessions = try await executor.write {
      _ = try self.store.setRole(role, of: account.id)
      return try self.store.sessions(of: account.id).map(\.hash)
    }
    cache.forget(account: account.id)
    await end(sessions)
  }

  private func link(for account: Account) async throws -> Link {
    let code = SecretToken()
    let expires = now().addingTimeInterval(Self.seconds(settings.linkLifetime))
    try await executor.write {
      try self.store.addLink(code.hash, for: account.id, expires: expires)
    }
    return Link(code: code.text, expires: expires)
  }
}
