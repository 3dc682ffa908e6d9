import ArgumentParser
import Foundation
import MVVMWeb
import MVVMWebAccounts

/// `NAME accounts …`: who may sign in, on the database `serve` uses. There is no sign-up and
/// no e-mail: an admin adds a person and gives them the one-time link printed here, and gives
/// a new link to someone who lost their password.
struct AccountsCommand<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "accounts", abstract: "Add, list and remove accounts, and give them roles.",
      subcommands: [
        AddAccount<Application>.self, ListAccounts<Application>.self,
        RemoveAccount<Application>.self, SetRole<Application>.self,
        NewLink<Application>.self, EndSessions<Application>.self, CopyAccounts<Application>.self,
      ])
  }
}

/// What every `accounts` command takes: the database, and where the site is reached (for the
/// links it prints).
struct AccountsTarget<Application: App>: ParsableArguments {
  @OptionGroup var store: StoreOptions

  @Option(
    help: ArgumentHelp(
      "The site's address as people open it, for the links printed (default: http://localhost:8080).",
      valueName: "url"))
  var url = "http://localhost:8080"

  @OptionGroup var site: SiteOptions
  @OptionGroup var app: Application

  /// The app's accounts on its database.
  func accounts() throws -> Accounts {
    let context = AppContext(
      name: Application.name,
      configuration: AppSite.configuration(templates: "", publicFolder: ""),
      store: store.settings)
    return try store.settings.opening(as: Application.name) { try context.accounts() }
  }

  /// The roles the app's rules name (and `admin`): the roles an account may be given.
  func roles() throws -> Set<Role> {
    try app.site(try site.checkingContext(app: Application.name).context).roles
  }

  /// `role` when the app knows it; a one-line refusal listing the ones it knows otherwise.
  func known(_ role: String) throws -> Role {
    let roles = try roles()
    guard roles.contains(Role(role)) else {
      throw ValidationError(
        "the role '\(role)' is none of the app's: \(roles.map(\.name).sorted().joined(separator: ", "))"
      )
    }
    return Role(role)
  }

  /// The link in full.
  func address(_ link: Accounts.Link) -> String {
    (url.hasSuffix("/") ? String(url.dropLast()) : url) + link.path()
  }
}

/// What a command about one existing account takes: its name, and the database.
struct OneAccount<Application: App>: ParsableArguments {
  @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
  var name: String

  @OptionGroup var target: AccountsTarget<Application>

  /// What `change` makes of the app's accounts and this name, waited for.
  func change<Value: Sendable>(
    _ change: @escaping @Sendable (Accounts, String) async throws -> Value
  ) throws -> Value {
    let accounts = try target.accounts()
    let name = name
    return try waiting { try await change(accounts, name) }
  }
}

/// `accounts add NAME --role ROLE`: a new account, and its one-time link.
struct AddAccount<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "add",
      abstract:
        "Add an account and print the one-time link (good for 10 minutes) where its person sets a password."
    )
  }

  @Argument(help: ArgumentHelp("The name the person signs in with.", valueName: "name"))
  var name: String

  @Option(
    help: ArgumentHelp("What the person may do (admin may do everything).", valueName: "role"))
  var role: String

  @OptionGroup var target: AccountsTarget<Application>

  func run() throws {
    let role = try target.known(role)
    let accounts = try target.accounts()
    let name = name
    let (account, link) = try waiting { try await accounts.add(name: name, role: role) }
    print(
      """
      Added \(account.name) (\(role)). Give them this link, good once and for 10 minutes, to set \
      their password:
      \(target.address(link))
      """)
  }
}

/// `accounts list`.
struct ListAccounts<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "list", abstract: "List the accounts and their roles.")
  }

  @OptionGroup var target: AccountsTarget<Application>

  func run() throws {
    let accounts = try target.accounts()
    let list = try waiting { try await accounts.list() }
    guard !list.isEmpty else {
      print("No accounts yet: add one with accounts add NAME --role ROLE.")
      return
    }
    for account in list {
      print(
        "\(account.name)\t\(account.role)\(account.passwordHash == nil ? "\t(no password yet)" : "")"
      )
    }
  }
}

/// `accounts remove NAME`.
struct RemoveAccount<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "remove", abstract: "Remove an account; its sessions end at once.")
  }

  @OptionGroup var account: OneAccount<Application>

  func run() throws {
    try account.change { accounts, name in try await accounts.remove(name: name) }
    print("Removed \(account.name); its sessions have ended.")
  }
}

/// `accounts end-sessions NAME`: signs a person out everywhere (a lost laptop), keeping the account.
struct EndSessions<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "end-sessions",
      abstract: "End every session of an account, on every instance; its live pages close.")
  }

  @OptionGroup var account: OneAccount<Application>

  func run() throws {
    try account.change { accounts, name in try await accounts.endSessions(name: name) }
    print("Every session of \(account.name) has ended.")
  }
}

/// `accounts role NAME ROLE`.
struct SetRole<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "role", abstract: "Give an account another role, from its next request on.")
  }

  @OptionGroup var account: OneAccount<Application>

  @Argument(help: ArgumentHelp("The role.", valueName: "role"))
  var role: String

  func run() throws {
    let role = try account.target.known(role)
    try account.change { accounts, name in try await accounts.setRole(role, of: name) }
    print("\(account.name) is now \(role).")
  }
}

/// `accounts link NAME`: a new one-time link, for someone who lost their password.
struct NewLink<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "link",
      abstract: "Print a new one-time link for an account (the way back in for a lost password).")
  }

  @OptionGroup var account: OneAccount<Application>

  func run() throws {
    let link = try account.change { accounts, name in try await accounts.newLink(name: name) }
    print(
      """
      A new link for \(account.name), good once and for 10 minutes (the ones before no longer work):
      \(account.target.address(link))
      """)
  }
}

/// `accounts copy --to-database URL`: the accounts go along when a site moves to PostgreSQL (or
/// `--to-data DIR`, back to a SQLite file).
struct CopyAccounts<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "copy",
      abstract:
        "Copy every account, with its password, passkeys and sessions, into another database that has none.",
      discussion: """
        The accounts are read from the database --data or --database names and copied into the \
        one --to-database or --to-data names, keeping their ids, so nobody sets a password or \
        registers a passkey again. One-time links are not copied. A copy that stopped half-way \
        can be run again.
        """)
  }

  @Option(
    name: .customLong("to-database"),
    help: ArgumentHelp("The PostgreSQL database to copy the accounts into.", valueName: "url"))
  var toDatabase: String?

  @Option(
    name: .customLong("to-data"),
    help: ArgumentHelp(
      "The data folder whose SQLite file to copy the accounts into.", valueName: "dir"))
  var toData: String?

  @OptionGroup var target: AccountsTarget<Application>

  func validate() throws {
    guard (toDatabase == nil) != (toData == nil) else {
      throw ValidationError("give the database to copy into: --to-database URL or --to-data DIR")
    }
  }

  func run() throws {
    let source = try target.accounts()
    let settings = StoreSettings(
      data: toData ?? "", database: toDatabase, poolSize: 2, deadline: .seconds(300))
    guard settings.place != target.store.settings.place else {
      throw ValidationError("the accounts are in that database already")
    }
    let context = AppContext(
      name: Application.name,
      configuration: AppSite.configuration(templates: "", publicFolder: ""), store: settings)
    let destination = try settings.opening(as: Application.name) { try context.accounts() }
    do {
      let summary = try waiting { try await source.copy(into: destination) }
      print("Copied \(summary) from \(target.store.settings.place) to \(settings.place).")
    } catch let error as AccountTransfer.TargetHasOtherAccounts {
      printError("\(Application.name): \(settings.place): \(error)")
      throw ExitCode.failure
    }
  }
}
