import FortunesWeb
import Foundation
import League
import LeagueWeb
import Logging
import MVVMWeb
import Memories
import MemoriesWeb
import Playlist
import PlaylistWeb
import Users
import UsersWeb

/// The composition root: builds the whole object graph from a configuration (stores from the
/// data folder, then one site with the four apps and the Fortunes page on it) and serves it. No
/// singletons: tests build their own. Every app is added through the framework's public API, as
/// a user's own app would be.
public struct WebApplication: Responder {
  public let configuration: AppConfiguration
  /// The built site: its router, pages and responder.
  public let site: WebSite
  /// The stores, kept for their PostgreSQL listener, which must live as long as the app.
  let stores: AppStores

  public init(configuration: AppConfiguration) throws {
    self.configuration = configuration
    // Stores publish each committed change here; live pages follow it.
    let changes = ChangeFeed()
    stores = try AppStores(configuration, changes: changes)
    try Self.seed(stores, configuration)
    try Self.reportSharedNames(stores.league)
    var site = Site(configuration.site, changes: changes)
    try Self.addFeatures(to: &site, stores: stores, configuration: configuration)
    self.site = try site.build()
  }

  /// Everything the site serves, in the order it is matched.
  static func addFeatures(
    to site: inout Site, stores: AppStores, configuration: AppConfiguration
  ) throws {
    site.layout { path in SiteNavigation(path: path) }
    site.metricsPage()
    try site.staticFiles()
    // Browsers ask for /favicon.ico by themselves where no page names an icon.
    let icon = try StaticFiles(
      root: configuration.publicDirectory, cache: site.configuration.fileCache)
    site.get(Route("/favicon.ico")) { request in
      icon.respond(to: request, segments: ["favicon.svg"])
    }
    let data = StoreWork(executor: stores.executor, metrics: configuration.metrics)
    site.readiness(executor: stores.executor, probe: stores.probe)
    try site.add(LeagueFeature(store: stores.league, data: data))
    try site.add(LeagueNumbersFeature(store: stores.league, data: data))
    let songs: any SongFetching =
      configuration.songsPath.map { FileSongFetcher(path: $0) } ?? BundledSongFetcher()
    try site.add(PlaylistFeature(source: PlaylistSource(fetcher: songs)))
    try site.add(
      UsersFeature(store: UserStore(latency: configuration.usersLatency, changes: site.changes)))
    try site.add(
      MemoriesFeature(
        store: stores.memories, data: data, mediaDirectory: configuration.mediaDirectory,
        timeZone: configuration.timeZone))
    try site.add(FortunesFeature(store: stores.fortunes, data: data))
    // The front door, which no feature owns, sends a visitor on to the matches.
    let home = site.path(for: LeagueDestination.matches)
    site.get(Route("/")) { request in .redirect(to: request.location(home), status: .found) }
  }

  /// Demo players, matches and memories in a fresh database, when the configuration asks.
  static func seed(_ stores: AppStores, _ configuration: AppConfiguration) throws {
    if configuration.seedsDemoData { try stores.league.seed(.demo) }
    if configuration.seedsDemoData, try stores.memories.itemCount() == 0 {
      try DemoMemories.install(mediaDirectory: configuration.mediaDirectory)
      try stores.memories.save(DemoMemories.items())
    }
    try FileManager.default.createDirectory(
      atPath: configuration.mediaDirectory, withIntermediateDirectories: true)
  }

  /// Logs the players a league kept from before the stores' one rule for names
  /// (`PlayerName.key`) that share a name under it: both stay, and only a person can tell which
  /// to rename.
  static func reportSharedNames(
    _ league: any LeagueStore, to logger: Logger = Logger(label: "mvvmweb")
  ) throws {
    for players in try league.playersSharingNames() {
      let names = players.map { "\"\($0.name)\" (\($0.id.lowercasedText))" }
      logger.warning(
        """
        league: the players \(names.joined(separator: ", ")) have one name under the rule names \
        are compared by (Unicode canonical equivalence, case folded); both are kept, and new \
        players cannot take it: rename one to tell them apart
        """)
    }
  }

  /// The router of every app.
  public var router: Router { site.router }

  public func respond(to request: Request) -> Response {
    site.respond(to: request)
  }

  /// The site's middleware, to list after the server's own (see `WebSite.middleware`).
  public var middleware: [any Middleware] { site.middleware }

  /// Fills in what the request looked like where it entered the deployment (see
  /// `WebSite.prepare`).
  public func prepare(_ request: inout Request) {
    site.prepare(&request)
  }

  /// Loads and checks every page template the apps declare, without opening the database;
  /// throws all problems at once (`mvvmweb check-templates`).
  public static func loadTemplates(from directory: String) throws -> TemplateLibrary {
    // The apps register as they would to serve, on stores in memory and empty folders.
    let scratch = NSTemporaryDirectory() + "mvvmweb-check-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let configuration = AppConfiguration(
      dataDirectory: scratch, templatesDirectory: directory, publicDirectory: scratch,
      seedsDemoData: false)
    try FileManager.default.createDirectory(
      atPath: configuration.mediaDirectory, withIntermediateDirectories: true)
    var site = Site(configuration.site)
    try addFeatures(to: &site, stores: AppStores.inMemory(), configuration: configuration)
    return try site.loadTemplates()
  }
}
