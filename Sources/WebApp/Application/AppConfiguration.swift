import Foundation
import MVVMWeb

/// Everything the composition root needs to build the apps, apart from how the server listens.
/// The command line fills it; tests build their own.
public struct AppConfiguration: Sendable {
  /// Where the SQLite file (`mvvmweb.sqlite`) and the memories' media live; created on first run.
  public var dataDirectory: String
  /// A PostgreSQL URL (`postgres://user:pass@host:port/db`, `postgresql:///db?host=/run/postgresql`)
  /// to keep the league and the memories in, shared by several instances; nil keeps them in
  /// SQLite in `dataDirectory`.
  public var databaseURL: String?
  /// Connections each instance opens to PostgreSQL at most: also the store's threads, a
  /// quarter of them (one at least) for writes.
  public var databasePoolSize: Int
  /// How long a request may wait for the store in all (a free store thread, a lock, the
  /// database's answer) before it is answered 503; every store-side limit (SQLite's busy
  /// timeout, PostgreSQL's statement timeout) is set from it.
  public var storeDeadline: Duration
  /// SQLite's read threads (its one writer has a thread of its own).
  public var sqliteReaders: Int
  public var templatesDirectory: String
  public var publicDirectory: String
  /// The playlist's JSON file; nil shows the bundled demo playlist.
  public var songsPath: String?
  /// Seed a fresh database with demo players, matches and memories.
  public var seedsDemoData: Bool
  /// The day `/issues/today` means.
  public var timeZone: TimeZone
  /// A path prefix every link, form action and redirect carries (`/league`), when a proxy serves
  /// the app below its root without sending `X-Forwarded-Prefix`.
  public var basePath: String
  public var trustedProxies: TrustedProxies
  /// The host names browsers may ask for (DNS rebinding protection); by default the site's own,
  /// from the address it is served at (`AllowedHosts.ownNames`).
  public var allowedHosts: AllowedHosts
  /// Where the app counts for `/metrics`; give its `server` part to the server too.
  public var metrics: AppMetrics
  /// `serve --dev`: templates are loaded again when they change, and a failing handler or a
  /// broken template shows a page with the error, the route and `file:line`.
  public var developerMode: Bool
  /// Live pages' streams: their cap, heartbeat and reconnect hint.
  public var live: LiveSettings
  /// How long making a new set of users takes (the remote API the Timehop sample calls), so
  /// open lists show a loading state meanwhile.
  public var usersLatency: Duration
  /// Where the static files and the memories' media are kept in memory, within one byte budget.
  public var fileCache: FileCache

  public init(
    dataDirectory: String = "data", templatesDirectory: String = "Templates",
    publicDirectory: String = "Public", songsPath: String? = nil, seedsDemoData: Bool = true,
    timeZone: TimeZone = .current, basePath: String = "",
    trustedProxies: TrustedProxies = .loopback,
    allowedHosts: AllowedHosts = .ownNames, metrics: AppMetrics = AppMetrics(),
    developerMode: Bool = false, live: LiveSettings = LiveSettings(),
    usersLatency: Duration = .zero, databaseURL: String? = nil, databasePoolSize: Int = 8,
    storeDeadline: Duration = .seconds(3), sqliteReaders: Int = 4,
    fileCache: FileCache = FileCache()
  ) {
    self.dataDirectory = dataDirectory
    self.templatesDirectory = templatesDirectory
    self.publicDirectory = publicDirectory
    self.songsPath = songsPath
    self.seedsDemoData = seedsDemoData
    self.timeZone = timeZone
    self.basePath = basePath
    self.trustedProxies = trustedProxies
    self.allowedHosts = allowedHosts
    self.metrics = metrics
    self.developerMode = developerMode
    self.live = live
    self.usersLatency = usersLatency
    self.databaseURL = databaseURL
    self.databasePoolSize = databasePoolSize
    self.storeDeadline = storeDeadline
    self.sqliteReaders = sqliteReaders
    self.fileCache = fileCache
  }

  /// How the site is served: its folders, proxies, hosts, metrics, mode and live pages.
  public var site: SiteConfiguration {
    SiteConfiguration(
      templatesDirectory: templatesDirectory, publicDirectory: publicDirectory,
      usesErrorTemplate: true, basePath: basePath, trustedProxies: trustedProxies,
      allowedHosts: allowedHosts, metrics: metrics, developerMode: developerMode, live: live,
      fileCache: fileCache)
  }

  /// The database file inside the data folder.
  public var databasePath: String {
    (dataDirectory as NSString).appendingPathComponent("mvvmweb.sqlite")
  }

  /// The memories' images inside the data folder.
  public var mediaDirectory: String { (dataDirectory as NSString).appendingPathComponent("media") }
}
