import ArgumentParser
import Foundation
import Logging
import MVVMWeb
import MVVMWebServer
import MVVMWebTemplates
import WebApp

/// `mvvmweb serve`: run the apps on a port or a unix socket until SIGTERM or SIGINT.
struct Serve: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the apps (the default command).",
    discussion: """
      Opens http://127.0.0.1:8080 with a SQLite database in ./data, seeded with demo data on \
      first run. SIGTERM or SIGINT stops it gracefully: in-flight requests finish first.
      """)

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The TCP port to listen on (default 8080, or the PORT environment variable).")
  var port: Int?

  @Option(
    name: .customLong("unix-socket"),
    help: ArgumentHelp(
      "Listen on this unix domain socket instead of TCP; a stale socket file is replaced, the socket is made mode 0660.",
      valueName: "path"))
  var unixSocket: String?

  @Option(
    name: .customLong("socket-group"),
    help: ArgumentHelp(
      "Give the unix socket to this group (the server must belong to it), so its members, such as nginx's www-data, may connect.",
      valueName: "name"))
  var socketGroup: String?

  @Option(
    help: ArgumentHelp(
      "The data folder: mvvmweb.sqlite and the memories' media. Created if missing.",
      valueName: "dir"))
  var data = "data"

  @OptionGroup var database: DatabaseOptions

  @Option(
    help: ArgumentHelp(
      "The playlist's JSON file ({\"result\": [{title, artist_name, cover}]}); without it a demo playlist is shown.",
      valueName: "path"))
  var songs: String?

  @Flag(
    name: .customLong("no-demo"),
    help: "Do not seed a fresh database with demo players, matches and memories.")
  var noDemo = false

  @Option(
    name: .customLong("time-zone"),
    help: ArgumentHelp(
      "The time zone that decides which day /issues/today is (default: the system's), e.g. Europe/Paris.",
      valueName: "identifier"))
  var timeZone: String?

  @Option(
    name: .customLong("base-path"),
    help: ArgumentHelp(
      "A path prefix for every link, form and redirect (e.g. /league), when a proxy serves the app below its root without sending X-Forwarded-Prefix.",
      valueName: "path"))
  var basePath = ""

  @Option(
    name: .customLong("trusted-proxy"),
    help: ArgumentHelp(
      "A proxy whose X-Forwarded-* and Forwarded headers are believed: a CIDR, an address or 'unix'; repeat or separate with commas (default: 127.0.0.0/8, ::1 and unix).",
      valueName: "cidr"))
  var trustedProxy: [String] = []

  @Option(
    name: .customLong("allowed-hosts"),
    help: ArgumentHelp(
      "Host names browsers may use to reach the app (example.com, .example.com for its subdomains too, or *); repeat or separate with commas. Required unless listening on loopback, where the loopback's own names (localhost, 127.0.0.1, [::1]) and --host are allowed, or on a unix socket, where any host is.",
      valueName: "names"))
  var allowedHosts: [String] = []

  @Option(
    name: .customLong("max-body"),
    help: ArgumentHelp(
      "The largest request body accepted, in bytes; larger gets 413.", valueName: "bytes"))
  var maxBody = 1 << 20

  @Option(
    name: .customLong("max-connections"),
    help: ArgumentHelp(
      "Open connections allowed, live pages' streams included; one more gets 503. The open-files limit is raised to fit when the hard limit allows; else fewer are allowed, and a notice says so.",
      valueName: "count"))
  var maxConnections = 16_384

  @Option(
    name: .customLong("max-streams"),
    help: ArgumentHelp(
      "Live-update streams open at once (pages following their data); one more gets 503 and its page simply stops updating by itself. 0 turns live updates off, and the forms' live inputs with them.",
      valueName: "count"))
  var maxStreams = 10_000

  @Option(
    name: .customLong("max-stream-memory"),
    help: ArgumentHelp(
      "Megabytes that may wait to be sent to all live-update streams together, for readers that do not keep up (each stream may also hold 256 KiB of its own); past it the streams furthest behind are dropped first, and their pages reconnect.",
      valueName: "MB"))
  var maxStreamMemory = 64

  @Option(
    name: .customLong("file-cache"),
    help: ArgumentHelp(
      "Megabytes of static files and media kept in memory, ready to send; past it the files served least recently are let go first (0 keeps none). A file changed or removed on disk is read again, never sent as it was.",
      valueName: "MB"))
  var fileCache = 64

  @Option(
    name: .customLong("max-live-pages"),
    help: ArgumentHelp(
      "Different live pages followed at once (each is rendered on every change of its data, however many streams follow it); a stream for one more gets 503 and its page simply stops updating.",
      valueName: "count"))
  var maxLivePages = 1_000

  @Option(
    name: .customLong("max-live-element"),
    help: ArgumentHelp(
      "The most bytes of HTML one live element may have; a larger one is not pushed, and its open pages are told to reload to see changes.",
      valueName: "bytes"))
  var maxLiveElement = 512 * 1024

  @Option(
    name: .customLong("answer-timeout"),
    help: ArgumentHelp(
      "Seconds a handler that answers later (one waiting for the store) may take before the request gets 503; the store's own deadline (--store-deadline) comes first.",
      valueName: "seconds"))
  var answerTimeout = 30.0

  @Option(
    name: .customLong("heartbeat"),
    help: ArgumentHelp(
      "Seconds between the comment lines that keep quiet live streams open through proxies (keep it below the proxy's read timeout).",
      valueName: "seconds"))
  var heartbeat = 15.0

  @Option(
    name: .customLong("users-latency"),
    help: ArgumentHelp(
      "Seconds that making a new set of users takes, standing in for the remote API of the Timehop sample, so open lists show their loading state.",
      valueName: "seconds"))
  var usersLatency = 0.5

  @Option(
    name: .customLong("idle-timeout"),
    help: ArgumentHelp(
      "Seconds an idle keep-alive connection stays open (keep it above nginx's 60 s upstream keepalive_timeout).",
      valueName: "seconds"))
  var idleTimeout = 75.0

  @Option(
    name: .customLong("header-timeout"),
    help: ArgumentHelp("Seconds a request's headers may take to arrive.", valueName: "seconds"))
  var headerTimeout = 10.0

  @Option(
    name: .customLong("body-timeout"),
    help: ArgumentHelp(
      "Seconds a request body may pause; each piece that arrives gives it this long again.",
      valueName: "seconds"))
  var bodyTimeout = 10.0

  @Option(
    name: .customLong("body-deadline"),
    help: ArgumentHelp(
      "Seconds a whole request body may take, however steadily it arrives.", valueName: "seconds"))
  var bodyDeadline = 60.0

  @Option(
    name: .customLong("drain-timeout"),
    help: ArgumentHelp(
      "Seconds a graceful stop waits for in-flight requests before closing them.",
      valueName: "seconds"))
  var drainTimeout = 10.0

  @Option(help: ArgumentHelp("The templates folder.", valueName: "dir"))
  var templates = "Templates"

  @Option(
    name: .customLong("public"),
    help: ArgumentHelp("The static files folder, served under /static/.", valueName: "dir"))
  var publicDirectory = "Public"

  @Flag(
    help:
      "Development: reload templates when they change, and show errors (with the route and template file:line) in the browser. Loopback only."
  )
  var dev = false

  @Flag(help: "Turn off the access log (one line per request on standard error).")
  var quiet = false

  @Option(
    help: ArgumentHelp(
      "How log lines are written: text, or json (one object per line, for log shippers).",
      valueName: "format"))
  var logFormat = LineLogHandler.Format.text

  @Option(
    help: ArgumentHelp(
      "The least important lines logged: trace, debug, info (access lines), notice (refused requests), warning, error, critical.",
      valueName: "level"))
  var logLevel = Logger.Level.info

  func validate() throws {
    if let port, !(0...65535).contains(port) {
      throw ValidationError("--port must be from 0 to 65535, not \(port)")
    }
    if port == nil, let text = ProcessInfo.processInfo.environment["PORT"],
      !(Int(text).map { (0...65535).contains($0) } ?? false)
    {
      throw ValidationError("the PORT environment variable must be a port number from 0 to 65535")
    }
    if maxBody < 0 { throw ValidationError("--max-body must be zero or more bytes") }
    if dev, unixSocket != nil || !AllowedHosts.isLoopback(host) {
      throw ValidationError("--dev shows errors in the browser: use it on a loopback --host only")
    }
    if socketGroup != nil, unixSocket == nil {
      throw ValidationError("--socket-group needs --unix-socket")
    }
    if maxConnections < 1 { throw ValidationError("--max-connections must be at least 1") }
    if maxStreams < 0 { throw ValidationError("--max-streams must be zero or more") }
    if !(1...1_048_576).contains(maxStreamMemory) {
      throw ValidationError("--max-stream-memory must be from 1 to 1048576 megabytes")
    }
    if !(0...1_048_576).contains(fileCache) {
      throw ValidationError("--file-cache must be from 0 to 1048576 megabytes")
    }
    if maxLivePages < 1 { throw ValidationError("--max-live-pages must be at least 1") }
    if maxLiveElement < 1 { throw ValidationError("--max-live-element must be at least 1 byte") }
    if !(usersLatency >= 0 && usersLatency <= 60) {
      throw ValidationError("--users-latency must be from 0 to 60 seconds")
    }
    for seconds in [
      idleTimeout, headerTimeout, bodyTimeout, bodyDeadline, drainTimeout, heartbeat, answerTimeout,
    ]
    where !(seconds > 0 && seconds <= 86_400) {
      throw ValidationError("timeouts must be more than 0 and at most 86400 seconds")
    }
    if let timeZone, TimeZone(identifier: timeZone) == nil {
      throw ValidationError(
        "--time-zone '\(timeZone)' is not a known time zone (try Europe/Paris or UTC)")
    }
    if !basePath.isEmpty && ForwardedRequest.validPrefix(basePath) != basePath {
      throw ValidationError(
        "--base-path must be a plain path that starts with / and does not end with one, like /league"
      )
    }
    do {
      _ = try TrustedProxies(specifications: trustedProxy)
    } catch {
      throw ValidationError("--trusted-proxy \(error)")
    }
    do {
      _ = try AllowedHosts(specifications: allowedHosts)
    } catch {
      throw ValidationError("--allowed-hosts \(error)")
    }
    if allowedHosts.isEmpty, unixSocket == nil, !AllowedHosts.isLoopback(host) {
      throw ValidationError(
        "--allowed-hosts is required when listening on \(host): name the host names browsers use, like --allowed-hosts example.com (or * for any)"
      )
    }
  }

  /// `--allowed-hosts`, or by default the site's own names, which the framework takes from the
  /// address served (`AllowedHosts.ownNames`): on loopback its names only (a page rebound to
  /// 127.0.0.1 by DNS sends its own), behind a unix socket any (only the proxy reaches it).
  func hostsAllowed() throws -> AllowedHosts {
    allowedHosts.isEmpty ? .ownNames : try AllowedHosts(specifications: allowedHosts)
  }

  func run() throws {
    let (format, level) = (logFormat, logLevel)
    LoggingSystem.bootstrap { _ in LineLogHandler(format: format, level: level) }
    let logger = Logger(label: "mvvmweb")
    let metrics = AppMetrics()
    let proxies =
      trustedProxy.isEmpty
      ? TrustedProxies.loopback : try TrustedProxies(specifications: trustedProxy)
    var appConfiguration = AppConfiguration(
      dataDirectory: data, templatesDirectory: templates, publicDirectory: publicDirectory,
      songsPath: songs,
      seedsDemoData: !noDemo, timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current,
      basePath: basePath, trustedProxies: proxies,
      allowedHosts: try hostsAllowed(),
      metrics: metrics, developerMode: dev,
      live: LiveSettings(
        maxStreams: maxStreams, maxPages: maxLivePages, maxElementBytes: maxLiveElement,
        heartbeat: .seconds(heartbeat)),
      usersLatency: .seconds(usersLatency), fileCache: FileCache(budget: fileCache << 20))
    appConfiguration = database.applied(to: appConfiguration)
    let connections = OpenFileLimit.connections(fitting: maxConnections, logger: logger)
    try requireFolder(templates, "templates", flag: "--templates")
    try requireFolder(publicDirectory, "public", flag: "--public")
    let application: WebApplication
    do {
      application = try DatabaseOptions.opening(appConfiguration.databaseURL) {
        try WebApplication(configuration: appConfiguration)
      }
    } catch let errors as TemplateErrors {
      printError(
        "mvvmweb: the templates have \(errors.errors.count) problem(s):\n"
          + errors.listing(under: templates))
      throw ExitCode.failure
    } catch let exit as ExitCode {
      throw exit
    } catch {
      printError("mvvmweb: cannot start: \(error)")
      throw ExitCode.failure
    }
    let tcpPort = port ?? ProcessInfo.processInfo.environment["PORT"].flatMap { Int($0) } ?? 8080
    // The site's own configuration (its middleware, proxy rules, hosts and security headers),
    // with the limits of the command line.
    var configuration: ServerConfiguration
    do {
      configuration = try application.site.serverConfiguration(
        address: unixSocket.map { .unix(path: $0, group: socketGroup) }
          ?? .tcp(host: host, port: tcpPort))
    } catch {
      printError("mvvmweb: \(error)")
      throw ExitCode.failure
    }
    configuration.maxBodySize = maxBody
    configuration.maxConnections = connections
    configuration.headerTimeout = .seconds(headerTimeout)
    configuration.bodyTimeout = .seconds(bodyTimeout)
    configuration.bodyDeadline = .seconds(bodyDeadline)
    configuration.idleTimeout = .seconds(idleTimeout)
    configuration.drainDeadline = .seconds(drainTimeout)
    configuration.answerTimeout = .seconds(answerTimeout)
    configuration.logger = logger
    configuration.logsRequests = !quiet
    configuration.maxStreamBacklog = maxStreamMemory << 20
    let server = HTTPServer(configuration: configuration, responder: application)
    do {
      try server.start()
    } catch {
      printError("mvvmweb: \(error)")
      throw ExitCode.failure
    }
    let address =
      unixSocket.map { "unix:\($0)" }
      ?? "http://\(host.contains(":") ? "[\(host)]" : host):\(server.port)"
    logger.notice("mvvmweb: serving on \(address) (data in \(data)); stop with Ctrl-C")
    server.runUntilSignalled()
    logger.notice("mvvmweb: stopped")
  }
}

extension LineLogHandler.Format: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}
