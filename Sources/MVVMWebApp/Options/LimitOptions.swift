import ArgumentParser
import MVVMWeb

/// What a connection, a body, a stream and a wait may take before the server answers for it
/// (the guide *Limits* lists each with what happens past it).
struct LimitOptions: ParsableArguments {
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
  var fileCacheMegabytes = 64

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

  @Option(
    name: .customLong("socket-threads"),
    help: ArgumentHelp(
      "Threads that serve the connections (default: one per core the process may use); fewer leave cores to other processes on the machine.",
      valueName: "count"))
  var socketThreads: Int?

  func validate() throws {
    if let socketThreads, !(1...1024).contains(socketThreads) {
      throw ValidationError("--socket-threads must be from 1 to 1024")
    }
    if maxBody < 0 { throw ValidationError("--max-body must be zero or more bytes") }
    if maxConnections < 1 { throw ValidationError("--max-connections must be at least 1") }
    if maxStreams < 0 { throw ValidationError("--max-streams must be zero or more") }
    if !(1...1_048_576).contains(maxStreamMemory) {
      throw ValidationError("--max-stream-memory must be from 1 to 1048576 megabytes")
    }
    if !(0...1_048_576).contains(fileCacheMegabytes) {
      throw ValidationError("--file-cache must be from 0 to 1048576 megabytes")
    }
    if maxLivePages < 1 { throw ValidationError("--max-live-pages must be at least 1") }
    if maxLiveElement < 1 { throw ValidationError("--max-live-element must be at least 1 byte") }
    for seconds in [
      idleTimeout, headerTimeout, bodyTimeout, bodyDeadline, drainTimeout, heartbeat, answerTimeout,
    ]
    where !(seconds > 0 && seconds <= 86_400) {
      throw ValidationError("timeouts must be more than 0 and at most 86400 seconds")
    }
  }

  /// The live pages' settings.
  var live: LiveSettings {
    LiveSettings(
      maxStreams: maxStreams, maxPages: maxLivePages, maxElementBytes: maxLiveElement,
      heartbeat: .seconds(heartbeat))
  }

  /// Where the site's static files and media are kept in memory, within `--file-cache`.
  var fileCache: FileCache { FileCache(budget: fileCacheMegabytes << 20) }

  /// `configuration` with these limits, and at most `connections` connections.
  func applied(to configuration: ServerConfiguration, connections: Int) -> ServerConfiguration {
    var configuration = configuration
    configuration.maxBodySize = maxBody
    configuration.maxConnections = connections
    configuration.headerTimeout = .seconds(headerTimeout)
    configuration.bodyTimeout = .seconds(bodyTimeout)
    configuration.bodyDeadline = .seconds(bodyDeadline)
    configuration.idleTimeout = .seconds(idleTimeout)
    configuration.drainDeadline = .seconds(drainTimeout)
    configuration.answerTimeout = .seconds(answerTimeout)
    configuration.maxStreamBacklog = maxStreamMemory << 20
    configuration.socketThreads = socketThreads
    return configuration
  }
}
