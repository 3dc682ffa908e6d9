import Dispatch
import Glibc
import Synchronization

/// An HTTP/1.1 server on Grand Central Dispatch: a listening socket watched by a Dispatch source,
/// the connections' sockets by one epoll set that a thread per core waits on and serves from
/// (`SocketEvents`), and per connection a serial queue targeting one small shared concurrent
/// queue, so thousands of idle connections cost no threads.
public final class HTTPServer: Sendable {
  private struct State {
    var listenSource: ListeningSource?
    /// The listening socket, open while `listenSource` is (its cancel handler closes it).
    var listenFD: Int32 = -1
    /// Watches the connections' sockets; made by `start`, stopped once a shutdown has drained.
    var socketEvents: SocketEvents<Connection>?
    /// A descriptor held back for the moment the process runs out: closing it lets us accept and
    /// refuse one connection instead of leaving the backlog to spin the accept loop.
    var spareDescriptor: Int32 = -1
    /// Running out of descriptors is logged once a minute; refusals at the connection limit once
    /// a second, with how many there were.
    var outOfFilesLog = LogThrottle(every: .seconds(60))
    var connectionLimitLog = LogThrottle(every: .seconds(1))
    var connections: [ObjectIdentifier: Connection] = [:]
    var port = 0
    var drained: [@Sendable () -> Void] = []

    /// Once draining has closed every connection, nothing is left to watch.
    mutating func stopWatchingSockets() {
      socketEvents?.stop()
      socketEvents = nil
    }
  }

  /// How the server listens, what it accepts and how long it waits.
  public let configuration: ServerConfiguration
  /// Every connection's way to the app: the middleware chain, put together once.
  /// What every request goes through; its stream backlog is read by tests.
  let pipeline: RequestPipeline
  /// Whether `shutdown` has begun. Changed only under `state`'s lock, so what is decided under
  /// it sees the change in order; read without the lock for each request answered.
  private let draining: DrainingState
  private let state = Mutex(State())
  private let workQueue: DispatchQueue
  /// Accepts connections and runs the shutdown on a signal. Internal so a test can hold it and
  /// leave connections in the listen queue.
  let acceptQueue: DispatchQueue

  /// A server that answers with `responder`, after the configuration's middleware. It listens
  /// once `start` is called.
  public init(configuration: ServerConfiguration, responder: any Responder) {
    self.configuration = configuration
    let draining = DrainingState()
    self.draining = draining
    pipeline = RequestPipeline(
      configuration: configuration, responder: responder, draining: draining)
    workQueue = DispatchQueue(label: configuration.label + ".work", attributes: .concurrent)
    acceptQueue = DispatchQueue(label: configuration.label + ".accept")
  }

  /// The bound TCP port (useful with port 0); 0 for a unix socket.
  public var port: Int { state.withLock { $0.port } }

  /// Connections open now, live pages' streams included.
  public var openConnectionCount: Int { state.withLock { $0.connections.count } }

  /// Whether `shutdown` has begun: the server answers what it has received and takes no more.
  public var isDraining: Bool { draining.isDraining }

  /// Bytes held in every connection's input and output buffers, to check that abuse stays bounded.
  var bufferedByteCount: Int {
    state.withLock { Array($0.connections.values) }.reduce(0) { $0 + $1.bufferedByteCount }
  }

  /// Binds and starts accepting. Throws `ServerError.addressInUse` when another process has the port.
  public func start() throws(ServerError) {
    // A peer that goes away mid-write must not kill the process (writes also use MSG_NOSIGNAL).
    signal(SIGPIPE, SIG_IGN)
    let socketEvents = try SocketEvents<Connection>(
      name: "mvvmweb-sockets", threads: max(1, configuration.socketThreads ?? Cores.available))
    let (fd, port): (Int32, Int)
    do throws(ServerError) {
      (fd, port) = try Listener.open(configuration.address)
    } catch {
      socketEvents.stop()
      throw error
    }
    let spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: acceptQueue)
    let address = configuration.address
    source.setEventHandler { [self] in acceptAll(from: fd) }
    source.setCancelHandler {
      Glibc.close(fd)
      if case .unix(let path, _) = address { unlink(path) }
    }
    state.withLock {
      $0.port = port
      $0.listenSource = ListeningSource(source: source)
      $0.listenFD = fd
      $0.socketEvents = socketEvents
      $0.spareDescriptor = spare
    }
    source.resume()
  }

  /// Accepts until the backlog is empty: the listening source is level-triggered, so leaving a
  /// connection in the backlog would wake us again at once.
  private func acceptAll(from listenFD: Int32) {
    while true {
      var address = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let fd = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          accept(listenFD, $0, &length)
        }
      }
      guard fd >= 0 else {
        let code = errno
        if code == EINTR || code == ECONNABORTED { continue }
        if code == EMFILE || code == ENFILE { outOfDescriptors(listenFD) }
        return  // EAGAIN: the backlog is empty.
      }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      var noDelay: Int32 = 1
      setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
      let peer = Self.peer(of: address)
      // Admitted, recorded and started under one lock, so a shutdown sees either no connection or
      // one it will wait for, and its drain is queued behind the start (a drain that closed the
      // connection first would leave the start to watch a closed socket, and the epoll set's
      // reference to it never released). It is made only once admitted: its timer, a Dispatch
      // source, must not be released without having been resumed. While stopping, it is one
      // from the listen queue, answered with `Connection: close` like those already open.
      let admitted = state.withLock { state -> Bool in
        guard state.connections.count < configuration.maxConnections,
          let socketEvents = state.socketEvents
        else { return false }
        let connection = Connection(
          fd: fd, peer: peer, server: self, pipeline: pipeline, socketEvents: socketEvents,
          target: workQueue)
        state.connections[ObjectIdentifier(connection)] = connection
        // Recorded under the lock, so two changes cannot reach the gauge out of order.
        configuration.metrics.openConnections(state.connections.count)
        connection.start()
        if draining.isDraining { connection.drain() }
        return true
      }
      if !admitted {
        if let refusals = state.withLock({ $0.connectionLimitLog.admit() }) {
          pipeline.logRefusal(
            .serviceUnavailable,
            "at the connection limit (\(refusals) connection(s) refused since the last such line)",
            peer: peer)
        } else {
          configuration.metrics.refused(status: 503)
        }
        refuse(fd)
      }
    }
  }

  /// Out of descriptors (EMFILE): the level-triggered listening source would wake us again at
  /// once and spin. Spend the spare descriptor to accept one waiting connection and refuse it
  /// with a 503, take the spare back, and stop accepting for a moment so descriptors can free up.
  private func outOfDescriptors(_ listenFD: Int32) {
    let (spare, source, shouldLog) = state.withLock { state in
      defer { state.spareDescriptor = -1 }
      return (state.spareDescriptor, state.listenSource, state.outOfFilesLog.admit() != nil)
    }
    if shouldLog {
      configuration.logger.error(
        """
        out of file descriptors (EMFILE); refusing new connections for a moment. \
        Raise the open-files limit (LimitNOFILE) above --max-connections.
        """)
    }
    if spare >= 0 {
      Glibc.close(spare)
      let fd = accept(listenFD, nil, nil)
      if fd >= 0 { refuse(fd) }
    }
    let reopened = open("/dev/null", O_RDONLY | O_CLOEXEC)
    state.withLock { $0.spareDescriptor = reopened }
    guard let source else { return }
    source.source.suspend()
    acceptQueue.asyncAfter(deadline: .now() + .milliseconds(100)) {
      source.source.resume()
    }
  }

  /// Over the connection limit: a short 503 written without waiting, then close.
  private func refuse(_ fd: Int32) {
    let body = "The server is at its connection limit; try again in a moment.\n"
    let text =
      "HTTP/1.1 503 Service Unavailable\r\nDate: \(String(decoding: HTTPDate.now(), as: UTF8.self))\r\n"
      + "Server: \(configuration.serverName)\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Retry-After: 1\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    _ = Array(text.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    Glibc.shutdown(fd, Int32(SHUT_WR))
    Glibc.close(fd)
  }

  private static func peer(of address: sockaddr_storage) -> PeerAddress {
    var address = address
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    switch Int32(address.ss_family) {  // trap-ok: sa_family_t is 16 bits, it always fits
    case AF_INET:
      return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
          var raw = v4.pointee.sin_addr
          inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
          return .ip(Self.text(buffer), port: Int(UInt16(bigEndian: v4.pointee.sin_port)))
        }
      }
    case AF_INET6:
      return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
          var raw = v6.pointee.sin6_addr
          inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count))
          var text = Self.text(buffer)
          if text.hasPrefix("::ffff:") && text.contains(".") { text.removeFirst(7) }
          return .ip(text, port: Int(UInt16(bigEndian: v6.pointee.sin6_port)))
        }
      }
    default:
      return .unix
    }
  }

  private static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  func connectionClosed(_ connection: Connection) {
    let finished = state.withLock { state -> [@Sendable () -> Void] in
      state.connections[ObjectIdentifier(connection)] = nil
      configuration.metrics.openConnections(state.connections.count)
      guard draining.isDraining, state.connections.isEmpty else { return [] }
      state.stopWatchingSockets()
      defer { state.drained = [] }
      return state.drained
    }
    finished.forEach { $0() }
  }

  /// Graceful shutdown: stop accepting, let in-flight requests finish (answered with
  /// `Connection: close`), close idle connections, and force-close whatever is left after the
  /// drain deadline. `completion` runs once every connection is closed.
  ///
  /// Connections waiting in the listen queue have been accepted by the kernel, and their
  /// requests may be in: closing the listener would reset them. They are accepted first and
  /// answered like the ones already open.
  public func shutdown(completion: @escaping @Sendable () -> Void = {}) {
    let listenFD = state.withLock { state in
      draining.begin()
      if state.spareDescriptor >= 0 {
        Glibc.close(state.spareDescriptor)
        state.spareDescriptor = -1
      }
      return state.listenSource == nil ? -1 : state.listenFD
    }
    if listenFD >= 0 { acceptAll(from: listenFD) }
    let (connections, source, alreadyEmpty) = state.withLock { state in
      if !state.connections.isEmpty { state.drained.append(completion) }
      let source = state.listenSource
      state.listenSource = nil
      if state.connections.isEmpty { state.stopWatchingSockets() }
      return (Array(state.connections.values), source, state.connections.isEmpty)
    }
    source?.source.cancel()
    if alreadyEmpty {
      completion()
      return
    }
    connections.forEach { $0.drain() }
    workQueue.asyncAfter(
      deadline: .now() + ConnectionTimeouts.interval(configuration.drainDeadline)
    ) { [self] in
      state.withLock { Array($0.connections.values) }.forEach { $0.forceClose() }
    }
  }

  /// Graceful shutdown, awaited.
  public func shutdown() async {
    await withCheckedContinuation { continuation in
      shutdown { continuation.resume() }
    }
  }

  /// Blocks until SIGTERM or SIGINT arrives, then shuts down gracefully and returns once every
  /// connection is closed, so the caller can exit 0. Make `signals` before `start()`: a signal
  /// sent as soon as the server answers is caught then.
  public func runUntilSignalled(_ signals: StopSignals) {
    signals.wait()
    let done = DispatchSemaphore(value: 0)
    shutdown { done.signal() }
    done.wait()
  }
}

/// The listening socket's Dispatch source, kept in the server's locked state.
/// `@unchecked Sendable`: Dispatch sources may be cancelled from any thread.
private struct ListeningSource: @unchecked Sendable {
  let source: any DispatchSourceRead
}
