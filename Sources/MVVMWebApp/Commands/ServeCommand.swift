import ArgumentParser
import Logging
import MVVMWeb

/// `NAME serve`: the app on a port or a unix socket until SIGTERM or SIGINT.
struct ServeCommand<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "serve", abstract: "Serve the app (the default command).",
      discussion: """
        Opens http://127.0.0.1:8080 with its data in ./data (a SQLite file). SIGTERM or SIGINT \
        stops it gracefully: in-flight requests finish first.
        """)
  }

  @OptionGroup var listen: ListenOptions
  @OptionGroup var store: StoreOptions
  @OptionGroup var site: SiteOptions
  @OptionGroup var limits: LimitOptions
  @OptionGroup var accounts: AccountOptions
  @OptionGroup var log: LogOptions
  @OptionGroup var app: Application

  func validate() throws {
    if site.dev, listen.unixSocket != nil || !AllowedHosts.isLoopback(listen.host) {
      throw ValidationError("--dev shows errors in the browser: use it on a loopback --host only")
    }
    if site.allowedHosts.isEmpty, !listen.isLocal {
      throw ValidationError(
        "--allowed-hosts is required when listening on \(listen.host): name the host names browsers use, like --allowed-hosts example.com (or * for any)"
      )
    }
  }

  /// `--allowed-hosts`, or by default the site's own names, which the framework takes from the
  /// address served (`AllowedHosts.ownNames`): on loopback its names only (a page rebound to
  /// 127.0.0.1 by DNS sends its own), behind a unix socket any (only the proxy reaches it).
  func hostsAllowed() throws -> AllowedHosts {
    site.allowedHosts.isEmpty ? .ownNames : try AllowedHosts(specifications: site.allowedHosts)
  }

  func run() throws {
    log.bootstrap()
    let name = Application.name
    let logger = Logger(label: name)
    let templates = try site.templatesFolder(app: name)
    let configuration = AppSite.configuration(
      templates: templates, publicFolder: try site.publicFolder(app: name) ?? "",
      basePath: site.basePath, trustedProxies: try site.proxies(), allowedHosts: try hostsAllowed(),
      developerMode: site.dev, live: limits.live, fileCache: limits.fileCache)
    let context = AppContext(
      name: name, configuration: configuration, store: store.settings,
      accounts: accounts.settings)
    let (_, website) = try AppSite.build(app, context, templates: templates)
    let connections = OpenFileLimit.connections(fitting: limits.maxConnections, logger: logger)
    let served: ServerConfiguration
    do {
      served = try website.serverConfiguration(address: listen.address)
    } catch {
      printError("\(name): \(error)")
      throw ExitCode.failure
    }
    var serving = limits.applied(to: served, connections: connections)
    serving.logger = logger
    serving.logsRequests = !log.quiet
    let server = HTTPServer(configuration: serving, responder: website)
    let stopSignals: StopSignals
    do {
      // Caught before the server answers anyone: whoever starts it may stop it at once.
      stopSignals = try StopSignals()
      try server.start()
    } catch {
      printError("\(name): \(error)")
      throw ExitCode.failure
    }
    let place = store.settings.place
    logger.notice(
      "\(name): serving on \(listen.url(port: server.port)) (data in \(place)); stop with Ctrl-C")
    if let accounts = context.addedAccounts {
      try FirstAdmin.welcome(accounts, app: name, at: listen.browserURL(port: server.port))
    }
    server.runUntilSignalled(stopSignals)
    logger.notice("\(name): stopped")
  }
}
