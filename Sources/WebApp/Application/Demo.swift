import ArgumentParser
import FortunesWeb
import Foundation
import League
import LeagueWeb
import Logging
import MVVMWeb
import MVVMWebApp
import Memories
import MemoriesWeb
import Playlist
import PlaylistWeb
import Users
import UsersWeb

/// The demo: the four apps of the MVVM literature and TechEmpower's Fortunes page on one site,
/// an app like any other. `mvvmweb serve` and the tests build its site with the same function
/// (`site(_:stores:)`), from the stores opened on the app's database; no singletons.
public struct Demo: App {
  /// `mvvmweb`; its SQLite file is `mvvmweb.sqlite`.
  public static let name = "mvvmweb"
  /// What the demo is.
  public static let abstract =
    "Server-rendered MVVM web apps: League, Playlist, Users, Memories and Fortunes."
  /// The demo's own commands, beside serve, check, routes and bundle.
  public static var commands: [any ParsableCommand.Type] {
    [ImportMemories.self, SeedBenchmark.self, MigrateData.self, NewApp.self]
  }

  /// `--songs`: the playlist's file.
  @Option(
    help: ArgumentHelp(
      "The playlist's JSON file ({\"result\": [{title, artist_name, cover}]}); without it a demo playlist is shown.",
      valueName: "path"))
  public var songs: String?

  /// `--no-demo`: a fresh database stays empty.
  @Flag(
    name: .customLong("no-demo"),
    help: "Do not seed a fresh database with demo players, matches and memories.")
  public var noDemo = false

  /// `--time-zone`: the day `/issues/today` is.
  @Option(
    name: .customLong("time-zone"),
    help: ArgumentHelp(
      "The time zone that decides which day /issues/today is (default: the system's), e.g. Europe/Paris.",
      valueName: "identifier"))
  public var timeZone: String?

  /// `--users-latency`: how long a new set of users takes.
  @Option(
    name: .customLong("users-latency"),
    help: ArgumentHelp(
      "Seconds that making a new set of users takes, standing in for the remote API of the Timehop sample, so open lists show their loading state.",
      valueName: "seconds"))
  public var usersLatency = 0.5

  /// The demo with its defaults.
  public init() {}

  /// Checks the options' values.
  public func validate() throws {
    if !(usersLatency >= 0 && usersLatency <= 60) {
      throw ValidationError("--users-latency must be from 0 to 60 seconds")
    }
    if let timeZone, TimeZone(identifier: timeZone) == nil {
      throw ValidationError(
        "--time-zone '\(timeZone)' is not a known time zone (try Europe/Paris or UTC)")
    }
  }

  /// The site on the stores of `context`'s database.
  public func site(_ context: AppContext) throws -> Site {
    try site(context, stores: stores(context))
  }

  /// The stores on `context`'s database, migrated, publishing on its change feed.
  public func stores(_ context: AppContext) throws -> AppStores {
    try AppStores(context.database(), changes: context.changes)
  }

  /// Everything the site serves, on `stores`, in the order it is matched; a fresh database is
  /// seeded with demo data unless `--no-demo` (or the site is only being checked).
  public func site(_ context: AppContext, stores: AppStores) throws -> Site {
    let media = (context.dataDirectory as NSString).appendingPathComponent("media")
    if !noDemo, context.purpose != .checking { try Self.seed(stores, media: media) }
    if context.purpose == .serving { try Self.reportSharedNames(stores.league) }
    try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
    var site = try Site(context)
    try site.addAccounts(context)
    site.layout { path in SiteNavigation(path: path) }
    // Browsers ask for /favicon.ico by themselves where no page names an icon.
    let icon = try StaticFiles(
      root: context.configuration.publicDirectory, cache: context.configuration.fileCache)
    site.get(Route("/favicon.ico")) { request in
      icon.respond(to: request, segments: ["favicon.svg"])
    }
    let data = StoreWork(executor: stores.executor, metrics: context.configuration.metrics)
    try site.add(LeagueFeature(store: stores.league, data: data))
    try site.add(LeagueNumbersFeature(store: stores.league, data: data))
    let songs: any SongFetching =
      self.songs.map { FileSongFetcher(path: $0) } ?? BundledSongFetcher()
    try site.add(PlaylistFeature(source: PlaylistSource(fetcher: songs)))
    let users = UserStore(latency: .milliseconds(Int(usersLatency * 1000)), changes: site.changes)
    try site.add(UsersFeature(store: users))
    try site.add(
      MemoriesFeature(
        store: stores.memories, data: data, mediaDirectory: media,
        timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current))
    try site.add(FortunesFeature(store: stores.fortunes, data: data))
    // The front door, which no feature owns, sends a visitor on to the matches.
    let home = site.path(for: LeagueDestination.matches)
    site.get(Route("/")) { request in .redirect(to: request.location(home), status: .found) }
    return site
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

  /// Demo players, matches and memories in a fresh database.
  static func seed(_ stores: AppStores, media: String) throws {
    try stores.league.seed(.demo)
    if try stores.memories.itemCount() == 0 {
      try DemoMemories.install(mediaDirectory: media)
      try stores.memories.save(DemoMemories.items())
    }
  }
}
