import CoreMetrics
import Logging

/// How the server listens, what it accepts, how long it waits, and the steps every request takes
/// (`middleware`). Every limit and timeout is here so tests can shorten them and the command line
/// can set them.
public struct ServerConfiguration: Sendable {
  /// Where the server listens.
  public enum Address: Sendable, Equatable {
    /// A TCP port on a host address; port 0 picks a free one (see `HTTPServer.port`).
    case tcp(host: String, port: Int)
    /// A unix domain socket file; a stale file is replaced and the socket made mode 0660, owned
    /// by `group` when one is named (the reverse proxy's, so it may connect and nobody else).
    case unix(path: String, group: String? = nil)
  }

  /// Where the server listens: a TCP host and port, or a unix socket.
  public var address: Address
  /// Largest request body accepted; larger gets 413, decided from the headers.
  public var maxBodySize: Int
  /// Open connections allowed; one more gets 503 and is closed.
  public var maxConnections: Int
  /// A request line plus headers must arrive within this time (slowloris).
  public var headerTimeout: Duration
  /// A body (or a slow reader of our response) must make progress within this time: each
  /// arriving piece of a body gives it this much longer, up to `bodyDeadline`.
  public var bodyTimeout: Duration
  /// However steadily it arrives, a request body must be complete within this time.
  public var bodyDeadline: Duration
  /// An idle keep-alive connection is closed after this; longer than nginx's 60 s upstream keep-alive
  /// so the proxy, not us, closes idle upstream connections and never posts into a closing one.
  public var idleTimeout: Duration
  /// How long a graceful shutdown waits for in-flight requests before force-closing.
  public var drainDeadline: Duration
  /// The longest an answer made later (`Response.later`, an async handler) may take; then the
  /// client gets 503 and what comes after is dropped. A backstop for a handler that never
  /// answers: the app's own deadlines (the store's) are shorter and answer first.
  public var answerTimeout: Duration
  /// The `Server` header.
  public var serverName: String
  /// Names the server's Dispatch queues (`<label>.connection`, seen in a debugger or a crash
  /// report) and, when no `logger` is given, its log lines.
  public var label: String
  /// Where access lines (level info), refusals (notice) and errors go.
  public var logger: Logger
  /// Whether each answered request gets an access line (`--quiet` turns them off).
  public var logsRequests: Bool
  /// Where requests, connections and streams are counted (nothing is kept by default).
  public var metrics: ServerMetrics
  /// The steps every request takes before the responder, in order; the first one listed sees
  /// the request first and the answer last (see `Middleware`). `standardMiddleware` by default.
  public var middleware: [any Middleware]
  /// Called after parsing and before the first middleware: the proxy layer fills in the real
  /// client, scheme, host, base path and request id here, so every middleware, the app and the
  /// access log see them.
  public var requestPreparer: (@Sendable (inout Request) -> Void)?
  /// Header fields written on every answer, those the server makes itself included (its
  /// refusals, `/healthz`): a site's security policy, the same for every answer. A 304 leaves
  /// them out, as the copy it confirms has them. Written as they are, after the fields the
  /// server always writes; a field with CR, LF, NUL or an invalid name is left out and logged
  /// when the server is made. None by default.
  public var answerHeaders: HTTPHeaders
  /// The most bytes that may wait to be sent to all open streams together (live pages' events
  /// to readers that do not keep up); past it the streams furthest behind are dropped first.
  /// 64 MiB by default. Each stream is also held to 256 KiB of its own.
  public var maxStreamBacklog: Int
  /// The bytes one stream may have waiting when its next chunk comes before it is dropped
  /// (`ConnectionState.defaultStreamLimit`, 256 KiB). A test raises it, so that the shared budget
  /// (`maxStreamBacklog`) alone decides which reader goes.
  var streamLimit = ConnectionState.defaultStreamLimit
  /// How many threads wait on the connections' sockets and serve them: by default (nil) one per
  /// core the process may run on. Fewer leave cores to other processes on the machine (a proxy,
  /// a database, a load generator), as nginx's `worker_processes` does; at least one.
  public var socketThreads: Int?

  /// What a server does with every request unless the app says otherwise: gives it an id
  /// (`RequestIDMiddleware`), answers `/healthz` (`HealthCheck`), then tags and compresses the
  /// pages the responder makes (`Compression`). An app reorders, drops, configures or adds to
  /// these. A site adds its own after them (`WebSite.serverConfiguration(address:)`):
  ///
  /// ```swift
  /// middleware: ServerConfiguration.standardMiddleware + middleware(allowing: hosts),
  /// ```
  ///
  /// and a server of the tests lists two of them, without the health check:
  ///
  /// ```swift
  /// $0.middleware = [RequestIDMiddleware(), Compression()]
  /// ```
  public static var standardMiddleware: [any Middleware] {
    [RequestIDMiddleware(), HealthCheck(path: "/healthz"), Compression()]
  }

  /// A configuration with the defaults a server behind nginx wants; tests shorten the timeouts.
  /// Every value is the property of the same name.
  ///
  /// A site's (`WebSite.serverConfiguration(address:)`):
  ///
  /// ```swift
  /// return ServerConfiguration(
  ///   address: address, metrics: configuration.metrics.server,
  ///   middleware: ServerConfiguration.standardMiddleware + middleware(allowing: hosts),
  ///   requestPreparer: { [self] in prepare(&$0, allowing: hosts) },
  ///   answerHeaders: answerHeaders)
  /// ```
  public init(
    address: Address = .tcp(host: "127.0.0.1", port: 8080), maxBodySize: Int = 1 << 20,
    maxConnections: Int = 1024, headerTimeout: Duration = .seconds(10),
    bodyTimeout: Duration = .seconds(10), bodyDeadline: Duration = .seconds(60),
    idleTimeout: Duration = .seconds(75),
    drainDeadline: Duration = .seconds(10), answerTimeout: Duration = .seconds(30),
    serverName: String = "MVVMWeb", label: String = "MVVMWebServer",
    logger: Logger? = nil, logsRequests: Bool = true,
    metrics: ServerMetrics = ServerMetrics(factory: NOOPMetricsHandler.instance),
    middleware: [any Middleware] = ServerConfiguration.standardMiddleware,
    requestPreparer: (@Sendable (inout Request) -> Void)? = nil,
    maxStreamBacklog: Int = 64 << 20, answerHeaders: HTTPHeaders = [:]
  ) {
    self.address = address
    self.maxBodySize = maxBodySize
    self.maxConnections = maxConnections
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
    self.bodyDeadline = bodyDeadline
    self.idleTimeout = idleTimeout
    self.drainDeadline = drainDeadline
    self.answerTimeout = answerTimeout
    self.serverName = serverName
    self.label = label
    self.logger = logger ?? Logger(label: label)
    self.logsRequests = logsRequests
    self.metrics = metrics
    self.middleware = middleware
    self.requestPreparer = requestPreparer
    self.maxStreamBacklog = maxStreamBacklog
    self.answerHeaders = answerHeaders
  }
}
