import Foundation
import League
import Logging
import MVVMWebServer
import MVVMWebTemplates
import MVVMWebViewModels
import Memories
import Playlist
import Users

/// The composition root: builds the whole object graph from a configuration (stores from the
/// data folder, page renderer from the templates, coordinators from both) and the router that
/// serves it. No singletons: tests build their own. It is the server's responder: it refuses
/// hosts it does not serve, routes, and puts the security headers on every answer.
public struct WebApplication: Responder {
  public let configuration: AppConfiguration
  public let router: Router
  /// Confirms unchanged pages by their data's version, before routing.
  let validator = PageValidator()
  /// The stores, kept for their PostgreSQL listener, which must live as long as the app.
  let stores: AppStores

  public init(configuration: AppConfiguration) throws {
    self.configuration = configuration
    let directory = configuration.templatesDirectory
    let templates: TemplateSource =
      configuration.developerMode
      ? .reloading(
        ReloadingTemplates(directory: directory) {
          Result { () throws(TemplateErrors) in try Self.loadTemplates(from: directory) }
        })
      : .fixed(try Self.loadTemplates(from: directory))
    let pages = PageRenderer(templates: templates, metrics: configuration.metrics)
    // Stores publish each committed change here; live pages follow it.
    let changes = ChangeFeed()
    let live = LiveHub(
      settings: configuration.live, changes: changes, metrics: configuration.metrics)
    let livePages = LivePages(
      hub: live, pages: pages, changes: changes, validator: validator)
    stores = try AppStores(configuration, changes: changes)
    let leagueStore = stores.league
    if configuration.seedsDemoData { try leagueStore.seed(.demo) }
    let publicFiles = try StaticFiles(root: configuration.publicDirectory)

    var router = Router()
    router.errorPage = { status, message, request in pages.errorPage(status, message, for: request)
    }
    if configuration.developerMode {
      router.failurePage = { error, route, request in
        DeveloperErrorPage.failure(error, route: route, request: request)
      }
    }
    router.get("/") { request in
      .redirect(to: request.location(LeagueRoutes.matches), status: .found)
    }
    router.get("/metrics") { request in
      try Self.metricsPage(request, configuration)
    }
    // Browsers ask for /favicon.ico by themselves where no page names an icon.
    router.get("/favicon.ico") { request in
      publicFiles.respond(to: request, segments: ["favicon.svg"])
    }
    router.get("/static/*path") { request in
      publicFiles.respond(to: request, segments: request.pathSegments.dropFirst())
    }
    let data = StoreWork(executor: stores.executor, metrics: configuration.metrics)
    router.get("/readyz") { [stores] request in try await Self.readiness(request, stores) }
    LeagueCoordinator(store: leagueStore, data: data, pages: pages, live: livePages)
      .register(in: &router)
    let songs: any SongFetching =
      configuration.songsPath.map { FileSongFetcher(path: $0) } ?? BundledSongFetcher()
    PlaylistCoordinator(
      source: PlaylistSource(fetcher: songs), pages: pages, validator: validator
    ).register(in: &router)
    UsersCoordinator(
      store: UserStore(latency: configuration.usersLatency, changes: changes),
      avatars: AvatarCache(), pages: pages, live: livePages
    ).register(in: &router)
    let memories = stores.memories
    if configuration.seedsDemoData, try memories.itemCount() == 0 {
      try DemoMemories.install(mediaDirectory: configuration.mediaDirectory)
      try memories.save(DemoMemories.items())
    }
    try FileManager.default.createDirectory(
      atPath: configuration.mediaDirectory, withIntermediateDirectories: true)
    try MemoriesCoordinator(
      store: memories, data: data, mediaDirectory: configuration.mediaDirectory,
      timeZone: configuration.timeZone, pages: pages
    ).register(in: &router)
    FortunesCoordinator(store: stores.fortunes, data: data, pages: pages).register(in: &router)
    self.router = router
  }

  public func respond(to request: Request) -> Response {
    var response: Response
    if configuration.allowedHosts.allows(request.host) {
      // A 304 carries none of the security headers: the browser's copy has them.
      if let confirmed = validator.confirmBeforeRouting(request) { return confirmed }
      response = router.respond(to: request)
    } else {
      response = router.errorPage(
        .badRequest, "This server does not answer for the host \(request.host ?? "(none)").",
        request)
    }
    response.amend { Self.finish(&$0) }
    return response
  }

  /// What every answer of the app carries: the security headers, and on a 503 (the store busy,
  /// the server stopping) when to come back.
  static func finish(_ response: inout Response) {
    SecurityHeaders.apply(to: &response)
    if response.status == .serviceUnavailable, !response.headers.contains("retry-after") {
      response.headers.add("Retry-After", "5")
    }
  }

  /// `/readyz`: whether this instance can serve its pages now, for a load balancer or an
  /// orchestrator's readiness probe. 200 when a read of the store answers within the store's
  /// deadline; 503 otherwise (and while the server stops), with the reason. `/healthz` says only
  /// that the process answers.
  static func readiness(_ request: Request, _ stores: AppStores) async -> Response {
    var response: Response
    do {
      try await stores.executor.read(stores.probe)
      response = .text("ready\n")
    } catch {
      // The reason goes to the log; what a stranger can read says only what matters.
      Logger(label: "mvvmweb").warning("/readyz: not ready: \(error)")
      response = .text("not ready: the database did not answer\n", status: .serviceUnavailable)
      response.headers.add("Retry-After", "5")
    }
    response.headers.add("Cache-Control", "no-store")
    return response
  }

  /// The Prometheus text, for a scraper that connects directly from this machine or from a
  /// trusted proxy's address. Anything that came through a proxy (it carries forwarding
  /// headers, which a client can also forge) gets a 404 like any unknown page: the decision rests
  /// on the connection itself, never on what a header claims.
  static func metricsPage(_ request: Request, _ configuration: AppConfiguration) throws -> Response
  {
    let direct =
      request.headers["forwarded"] == nil && request.headers["x-forwarded-for"] == nil
    let allowed: Bool =
      switch request.peer {
      case .unix: direct
      case .ip(let address, _):
        direct
          && (IPAddress(address).map {
            TrustedProxies.loopback.trusts($0) || configuration.trustedProxies.trusts($0)
          } ?? false)
      }
    guard allowed else { throw HTTPError(.notFound, "There is no page at this address.") }
    var response = Response(
      headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
      body: .bytes(configuration.metrics.exposition()))
    response.headers.add("Cache-Control", "no-store")
    return response
  }

  /// Loads and checks every page template; throws all problems at once.
  public static func loadTemplates(from directory: String) throws(TemplateErrors) -> TemplateLibrary
  {
    try TemplateLibrary(directory: directory, pages: Pages.all)
  }

  /// Fills in what the request looked like where it entered the deployment: the real client,
  /// scheme, host and path prefix, believed only from trusted proxies.
  public func prepare(_ request: inout Request) {
    let peer: ProxyPeer =
      switch request.peer {
      case .unix: .unixSocket
      case .ip(let address, _): .ip(address)
      }
    let headers = request.headers
    let forwarded = ForwardedRequest.resolve(peer: peer, trusted: configuration.trustedProxies) {
      headers[$0]
    }
    request.clientAddress = forwarded.clientAddress
    if let scheme = forwarded.scheme { request.scheme = scheme }
    if let host = forwarded.host { request.host = host }
    request.basePath = forwarded.prefix ?? configuration.basePath
    if let id = forwarded.requestID { request.id = id }
  }
}
