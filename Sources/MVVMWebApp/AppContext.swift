import Foundation
import MVVMWeb
import MVVMWebAccounts
import Synchronization

/// What an app's `site` function is given: how the site is served, where its data lives and the
/// database it opens there, and the change feed its stores publish on. `serve` makes it from
/// its flags; `check`, `routes` and tests make one on a scratch data folder of their own.
public final class AppContext: Sendable {
  /// Why the site is being built.
  public enum Purpose: Sendable {
    /// To be served: demo data and first-run set-up belong here.
    case serving
    /// To be checked or listed (`check`, `routes`), on a scratch data folder: nothing is served.
    case checking
    /// For a test, on a scratch data folder.
    case testing
  }

  /// The app's name: its SQLite file is `NAME.sqlite` in the data folder.
  public let name: String
  /// How the site is served: folders, proxies, hosts, metrics, mode and live pages.
  public let configuration: SiteConfiguration
  /// Where the app keeps its files (the SQLite file, media); created when the database opens.
  public let dataDirectory: String
  /// Where stores publish committed changes and live pages hear of them.
  public let changes: ChangeFeed
  /// Why the site is being built.
  public let purpose: Purpose
  private let store: StoreSettings
  /// How long sessions last.
  public let accountSettings: AccountSettings
  private let opened = Mutex<AppDatabase?>(nil)
  private let openedAccounts = Mutex<Accounts?>(nil)
  /// A scratch data folder this context made, removed with it.
  private let scratch: String?

  /// A context for `name`'s site served as `configuration` says, its data where `store` says.
  public init(
    name: String, configuration: SiteConfiguration, store: StoreSettings = StoreSettings(),
    accounts: AccountSettings = AccountSettings(), purpose: Purpose = .serving,
    changes: ChangeFeed = ChangeFeed()
  ) {
    self.name = name
    accountSettings = accounts
    self.configuration = configuration
    self.store = store
    self.purpose = purpose
    self.changes = changes
    dataDirectory = store.data
    scratch = nil
  }

  private init(
    name: String, configuration: SiteConfiguration, store: StoreSettings, purpose: Purpose
  ) {
    let folder = NSTemporaryDirectory() + "\(name)-\(purpose)-\(UUID().uuidString.prefix(8))"
    var store = store
    store.data = folder
    accountSettings = AccountSettings()
    self.name = name
    self.configuration = configuration
    self.store = store
    self.purpose = purpose
    changes = ChangeFeed()
    dataDirectory = folder
    scratch = folder
  }

  deinit {
    if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
  }

  /// A context for a test of the app whose package holds `file` (the test's own `#filePath`):
  /// that package's `Templates` and `Public`, and its data in a scratch folder removed with the
  /// context (a SQLite file, unless `store` names a PostgreSQL database). `configure` changes
  /// the site's configuration (a live setting, say).
  public static func testing(
    name: String = "test", file: String = #filePath, store: StoreSettings = StoreSettings(),
    configure: (inout SiteConfiguration) -> Void = { _ in }
  ) -> AppContext {
    var folder = (file as NSString).deletingLastPathComponent
    while folder.count > 1,
      !FileManager.default.fileExists(atPath: folder + "/Package.swift")
    {
      folder = (folder as NSString).deletingLastPathComponent
    }
    var configuration = AppSite.configuration(
      templates: folder + "/Templates", publicFolder: folder + "/Public")
    configure(&configuration)
    return AppContext(name: name, configuration: configuration, store: store, purpose: .testing)
  }

  /// A context for `check` and `routes`: the site as it would be served, on a scratch data
  /// folder.
  static func checking(name: String, configuration: SiteConfiguration) -> AppContext {
    AppContext(
      name: name, configuration: configuration, store: StoreSettings(), purpose: .checking)
  }

  /// The app's database, opened (and its folder created) the first time it is asked for: the
  /// SQLite file `NAME.sqlite` in the data folder, or the PostgreSQL database the options name.
  public func database() throws -> AppDatabase {
    try opened.withLock { opened in
      if let opened { return opened }
      let database = try store.opening(as: name) { try store.open(name: name) }
      opened = database
      return database
    }
  }

  /// The database, if something opened it.
  var openedDatabase: AppDatabase? { opened.withLock { $0 } }

  /// The app's accounts, on its database, made the first time they are asked for: their tables
  /// migrated beside the app's, passwords hashed on a lane of their own.
  public func accounts() throws -> Accounts {
    try openedAccounts.withLock { opened in
      if let opened { return opened }
      let database = try database()
      let store = try database.accountStore()
      // A test's SQLite file is its own: no other process reads its notices, so none is written.
      var isOwnFile = false
      if case .sqlite = database.storage { isOwnFile = purpose == .testing }
      let accounts = Accounts(
        store: store, executor: database.executor, passwords: PasswordLane(),
        settings: accountSettings
      ) { [isOwnFile] ended in
        guard !isOwnFile else { return }
        for payload in SessionNotice.payloads(ended) {
          try await database.notify(SessionNotice.channel, payload)
        }
      }
      opened = accounts
      return accounts
    }
  }

  /// The accounts, if the site added them.
  var addedAccounts: Accounts? { openedAccounts.withLock { $0 } }

  /// The store's lanes for handlers, on the database's threads: `site.page(…, store: work)`.
  public func storeWork() throws -> StoreWork {
    StoreWork(executor: try database().executor, metrics: configuration.metrics)
  }
}
