import Dispatch
import Glibc
import Synchronization

/// One client connection: the driver of its `ConnectionState`. It turns the socket's readiness
/// into the state's events (bytes read, the peer's last byte, bytes written or blocked, a timer
/// fired) and the state's actions into system calls (`recv`, `sendmsg`, `shutdown`, `close`),
/// runs each request the state reads through the pipeline, and hands the answer back, all on its
/// own serial queue. The server's `SocketEvents` says when the socket is ready and the timer is
/// Dispatch's; no thread ever waits on the socket.
///
/// `@unchecked Sendable`: every mutable property is touched only on `queue`.
final class Connection: SocketWatcher, @unchecked Sendable {
  let queue: DispatchQueue
  private let fd: Int32
  private let peer: PeerAddress
  private let server: HTTPServer
  private let pipeline: RequestPipeline
  private let configuration: ServerConfiguration
  private let socketEvents: SocketEvents<Connection>
  private let timer: DispatchSourceTimer

  private var state: ConnectionState
  /// The answer made later that the state's `.awaiting` waits for.
  private var awaited: AwaitedAnswer?
  /// The stream the state's `.streaming` writes.
  private var stream: OpenStream?
  /// When the body being read must be complete, however steadily it arrives.
  private var bodyDeadline = DispatchTime.distantFuture
  /// What each `recv` reads into, reused, so a read costs a copy of what arrived and no more.
  /// Given back while a stream is open: a page following live updates can stay open for hours,
  /// and ten thousand of them should not each hold a read buffer they do not use.
  private var scratch: [UInt8] = []
  /// The bytes of this connection's stream counted as waiting in the server's `StreamBacklog`.
  private var backlogged = 0
  /// The driver is inside `process`: a write that finishes meanwhile leaves the next request to
  /// it rather than starting another loop (re-entrancy, not protocol state).
  private var processing = false
  /// Whether a thread of the epoll set is serving the socket, and whether it was asked again
  /// meanwhile (`SocketTurn`); the one field not confined to `queue`.
  private let socketTurn = Atomic<UInt8>(0)
  /// The socket's place in the server's epoll set, once it has one.
  private var watched: SocketEvents<Connection>.Token?
  /// When the connection's current timeout ends, and when its timer is set to fire. The timer is
  /// moved only when a deadline comes sooner: moving a Dispatch timer wakes Dispatch's manager
  /// thread, far too dear to do for every request. A timer that
  /// fires before a deadline that was pushed later just sets itself again.
  private var deadline = DispatchTime.distantFuture
  private var timerFires = DispatchTime.distantFuture

  init(
    fd: Int32, peer: PeerAddress, server: HTTPServer, pipeline: RequestPipeline,
    socketEvents: SocketEvents<Connection>, target: DispatchQueue
  ) {
    self.fd = fd
    self.peer = peer
    self.server = server
    self.pipeline = pipeline
    self.configuration = pipeline.configuration
    self.socketEvents = socketEvents
    state = ConnectionState(maxBodySize: pipeline.configuration.maxBodySize, peer: peer)
    queue = DispatchQueue(label: pipeline.connectionQueueLabel, target: target)
    timer = DispatchSource.makeTimerSource(queue: queue)
  }

  func start() {
    queue.async { [self] in
      // The descriptor is closed only once the timer has finished cancelling, so it never fires
      // for a number the kernel has already handed to another connection.
      timer.setCancelHandler { [self] in
        Glibc.close(fd)
        server.connectionClosed(self)
      }
      timer.setEventHandler { [self] in timedOut() }
      timer.resume()
      arm(state.start())
      watched = socketEvents.watch(fd, for: self)
      if watched == nil { close() }
    }
  }

  /// The socket has something to read or room to write (called on a thread of `SocketEvents`).
  /// The work runs on the calling thread, through this queue's `sync`: it waits for the queue
  /// and runs there, with no thread woken. Edge-triggered: each side does all it can now. After
  /// a hang-up, an error or urgent data, reading goes on to the end: a short read need not have
  /// emptied the socket.
  ///
  /// An event that comes while another thread serves this socket (the next request, sent as the
  /// answer left; the peer's hang-up during a long answer) is left to that thread, which serves
  /// once more when it is done, rather than waiting for it: the set's threads are one per core,
  /// and each one waiting here would be one fewer for every other connection.
  func socketReady(readToTheEnd: Bool) {
    let asked = SocketTurn.again | (readToTheEnd ? SocketTurn.toTheEnd : 0)
    var current = socketTurn.load(ordering: .relaxed)
    while true {
      let taking = current & SocketTurn.serving == 0
      let next = taking ? SocketTurn.serving : current | asked
      let (exchanged, found) = socketTurn.compareExchange(
        expected: current, desired: next, ordering: .acquiringAndReleasing)
      if exchanged {
        if !taking { return }  // The serving thread serves once more.
        break
      }
      current = found
    }
    var toTheEnd = readToTheEnd
    while true {
      queue.sync {
        if state.hasPendingOutput { flush() }
        if state.input == .reading && !state.isClosed { readAvailable(toTheEnd: toTheEnd) }
      }
      let (done, _) = socketTurn.compareExchange(
        expected: SocketTurn.serving, desired: 0, ordering: .acquiringAndReleasing)
      if done { return }
      // Asked again meanwhile: take the request (and whether to read to the end) and serve.
      let asked = socketTurn.exchange(SocketTurn.serving, ordering: .acquiringAndReleasing)
      toTheEnd = asked & SocketTurn.toTheEnd != 0
    }
  }

  /// Graceful shutdown (`ConnectionState.drain`).
  func drain() {
    queue.async { [self] in
      switch state.drain() {
      case .nothing: return
      case .close: close()
      case .endStream: endStream()
      case .read:
        readAvailable()
        if let grace = state.afterDrainRead() { arm(grace) }
      }
    }
  }

  /// Bytes this connection holds in its buffers, read on its queue (for tests and diagnostics).
  var bufferedByteCount: Int {
    queue.sync { state.bufferedBytes }
  }

  func forceClose() {
    queue.async { [self] in close() }
  }

  // MARK: Reading

  /// Reads what the socket holds (or a pipelining bound's worth). A read that leaves room in the
  /// buffer emptied the socket, and bytes arriving after it raise a new event, so it is the last
  /// one: asking again would only hear `EAGAIN`, one system call per request for nothing. With
  /// `toTheEnd` it reads until the kernel says so, which sees a hang-up or reset right behind the
  /// data now (a half-sent head followed by a reset would otherwise hold its slot until the
  /// timeout), and is what a read must do when no event prompted it.
  private func readAvailable(toTheEnd: Bool = true) {
    var receivedAny = false
    var finished = false
    if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: 16 * 1024) }
    defer { if state.isStreaming { scratch = [] } }
    reading: while !state.isClosed {
      let received = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if received > 0 {
        let result = scratch.withUnsafeBytes {
          state.received(UnsafeRawBufferPointer(rebasing: $0[..<received]))
        }
        if case .bytes(let kept, let atBound) = result, kept {
          receivedAny = true
          if atBound { break }
        }
        if received < scratch.count && !toTheEnd { break }
        continue
      }
      if received < 0 && errno == EINTR { continue }
      if received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
      if received == 0 {
        switch state.peerClosed() {
        case .finished:
          finished = true
          break reading
        default: break
        }
      }
      close()  // The peer reset, or closed after our last answer: nothing more to answer.
      return
    }
    guard receivedAny || finished || state.ending == .peerFinished, !state.isClosed else { return }
    if let bodyTimer = state.afterRead() { arm(bodyTimer) }
    let stoppedAtBound = state.unparsedBytes >= ConnectionState.pipelineLimit
    process()
    updateReading()
    // Stopped at the bound with the kernel still holding bytes: read on once processed, unless
    // reading is paused (resuming reads again).
    if stoppedAtBound && state.input == .reading && !state.isClosed {
      queue.async { [self] in readAvailable() }
    }
  }

  /// Pauses or resumes reading as the state says (`ConnectionState.updateInput`).
  private func updateReading() {
    // Bytes that arrived while paused raised their event already: read them now.
    if state.updateInput() { queue.async { [self] in readAvailable() } }
  }

  /// How long a connection accepted as the server stops waits for its first request: one sent
  /// with the connection arrives within a round trip, and a silent one (a browser's spare
  /// connection) must not hold the stop until the drain deadline.
  static let firstRequestGrace = Duration.seconds(1)

  /// Parses and answers as many buffered requests as possible, in order.
  private func process() {
    processing = true
    defer { processing = false }
    while true {
      if state.isAwaiting, let awaited {
        // The first time after its `start`, an answer already handed over is sent now, even
        // behind bytes still waiting to be written (a `100 Continue`), as one handed over later
        // would be.
        guard let response = awaited.settle() else { return }
        answered(awaited, with: response)
      }
      if state.isClosed || state.isLingering { return }
      switch state.next() {
      case .wait: return
      case .close:
        close()
        return
      case .refuse(let error):
        fail(error)
        return
      case .arm(let timer): arm(timer)
      case .bodyStarted(let sendContinue):
        if sendContinue { flush() }
        bodyDeadline = .now() + Self.dispatchInterval(configuration.bodyDeadline)
        arm(state.arm(.bodyStart))
      case .request(let head, let request):
        answer(head, request)
      }
    }
  }

  // MARK: Answering

  private func answer(_ head: RequestHead, _ request: consuming Request) {
    let started = ContinuousClock.now
    let response = pipeline.respond(to: &request)
    send(response, to: head, request, started: started)
  }

  /// Writes an answer, opens a stream, or waits for an answer made later.
  private func send(
    _ response: Response, to head: RequestHead, _ request: Request,
    started: ContinuousClock.Instant
  ) {
    let keepAlive = state.keepsAlive(head, serverDraining: pipeline.draining.isDraining)
    switch response.body {
    case .later(let start):
      awaitAnswer(start, route: response.route, for: head, request, started: started)
    case .bytes(let body):
      state.answer(
        response, body: body, to: head, requestID: request.id, keepAlive: keepAlive,
        serverName: configuration.serverName)
      let bodyless =
        request.method == .head || response.status.code == 304 || response.status.code == 204
      pipeline.log(
        request, route: response.route, status: response.status, bytes: bodyless ? 0 : body.count,
        started: started)
      flush()
    case .stream(let produce):
      let opened = state.openStream(
        response, to: head, requestID: request.id, keepAlive: keepAlive,
        serverName: configuration.serverName)
      guard opened else {
        pipeline.log(
          request, route: response.route, status: response.status, bytes: 0, started: started)
        flush()
        return
      }
      let stream = OpenStream(
        chunked: head.minorVersion >= 1, request: request, route: response.route,
        status: response.status, started: started)
      self.stream = stream
      configuration.metrics.streamOpened()
      pipeline.streamBacklog.opened()
      flush()
      produce(writer(for: stream))
    }
  }

  private func writer(for stream: OpenStream) -> ResponseWriter {
    ResponseWriter(
      sendChunk: { [self] bytes in
        queue.async { [self] in
          guard !state.isClosed, self.stream === stream else { return }
          write(chunk: bytes, of: stream)
        }
      },
      sendEnd: { [self] in
        queue.async { [self] in
          guard !state.isClosed, self.stream === stream else { return }
          endStream()
        }
      },
      whenEnded: { [self] handler in
        queue.async {
          if stream.hasEnded { handler() } else { stream.onEnd.append(handler) }
        }
      })
  }

  /// Starts an answer made later and waits for it without holding a thread: the answer comes
  /// back onto this queue, goes through the pipeline's last steps, and is sent. One that takes
  /// longer than `answerTimeout` is answered 503 instead, and its late answer dropped.
  private func awaitAnswer(
    _ start: @Sendable (@escaping @Sendable (Response) -> Void) -> Void, route: String?,
    for head: RequestHead, _ request: Request, started: ContinuousClock.Instant
  ) {
    let awaited = AwaitedAnswer(head: head, request: request, route: route, started: started)
    self.awaited = awaited
    if let timer = state.awaitAnswer() { arm(timer) }
    start { [self] response in
      // Handed over while the block that called `start` still runs on this queue (from inside
      // `start`, or from a store's thread that was quicker): that block sends it, on its way
      // out of `process`, with no thread woken.
      if awaited.park(response) { return }
      // From a store's thread, once that block is over, this queue is idle, waiting for the
      // answer: `sync` finishes and sends it on that thread at once, where `async` would wake a
      // Dispatch worker to do it.
      if AnswerThread.isCurrent {
        queue.sync { answeredElsewhere(awaited, with: response) }
      } else {
        queue.async { [self] in answered(awaited, with: response) }
      }
    }
  }

  /// Sends an answer on the thread that handed it over, and only that: requests pipelined
  /// behind it, or the close that the peer's last byte asked for, wait for the queue's own
  /// turn, so a store thread never runs another request's handler.
  private func answeredElsewhere(_ awaited: AwaitedAnswer, with response: Response) {
    processing = true
    answered(awaited, with: response)
    processing = false
    if !state.isClosed && (state.unparsedBytes > 0 || state.isWindingDown) {
      queue.async { [self] in
        process()
        updateReading()
      }
    }
  }

  private func answered(_ awaited: AwaitedAnswer, with made: Response) {
    guard !state.isClosed, self.awaited === awaited, state.answerArrived() else { return }
    self.awaited = nil
    var response = made
    if case .later = response.body {
      // An answer made later must be an answer: a second wait would have no bound of its own.
      pipeline.configuration.logger.error(
        "\(awaited.request.method) \(awaited.request.path): an answer made later was itself made later; answered 500",
        metadata: awaited.request.idMetadata)
      response = .ourFault
    }
    if response.route == nil { response.route = awaited.route }
    pipeline.finish(&response, for: awaited.request)
    send(response, to: awaited.head, awaited.request, started: awaited.started)
  }

  /// The answer took longer than `answerTimeout`: the client hears 503 now.
  private func answerTimedOut(_ awaited: AwaitedAnswer) {
    pipeline.configuration.logger.error(
      "\(awaited.request.method) \(awaited.request.path): no answer within \(configuration.answerTimeout); answered 503",
      metadata: awaited.request.idMetadata)
    var response = Response.text(
      "The server took too long to answer. Please try again in a moment.\n",
      status: .serviceUnavailable)
    response.headers.add("Retry-After", "5")
    response.headers.add("Cache-Control", "no-store")
    answered(awaited, with: response)
  }

  private func write(chunk bytes: [UInt8], of stream: OpenStream) {
    let result = state.streamChunk(bytes) { pipeline.streamBacklog.drops(pending: $0) }
    if result == .drop {
      close()
      pipeline.streamBacklog.dropped()
      return
    }
    stream.sent += bytes.count
    flush()
    countBacklog()
  }

  /// Counts what this connection's stream has waiting in the server's backlog, as it changes.
  private func countBacklog() {
    let pending = state.isClosed ? 0 : state.pendingStreamBytes
    guard pending != backlogged else { return }
    pipeline.streamBacklog.add(pending - backlogged)
    backlogged = pending
  }

  /// Ends the open stream cleanly: the last chunk, the access line, and back to reading requests
  /// (or closing, after `Connection: close` or while stopping).
  private func endStream() {
    guard let stream, state.endStream() else { return }
    self.stream = nil
    configuration.metrics.streamClosed()
    pipeline.streamBacklog.ended()
    pipeline.log(
      stream.request, route: stream.route, status: stream.status, bytes: stream.sent,
      started: stream.started)
    stream.end()
    flush()
  }

  /// Answers a request the server could not accept, and closes.
  private func fail(_ error: HTTPError) {
    pipeline.logRefusal(error.status, error.message, peer: peer)
    var response = Response.text(error.message + "\n", status: error.status)
    response.headers.add("Cache-Control", "no-store")
    state.refuse(response, serverName: configuration.serverName)
    flush()
  }

  // MARK: Writing

  private func flush() {
    guard !state.isClosed else { return }
    while state.hasPendingOutput {
      let written = sendPending()
      if written > 0 {
        arm(state.wrote(written))
      } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        return  // The next readiness event resumes writing.
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        close()  // EPIPE or ECONNRESET: the peer is gone.
        return
      }
    }
    let next = state.outputSent()
    if backlogged != 0 { countBacklog() }
    defer { updateReading() }
    switch next {
    case .streaming:
      return
    case .close:
      close()
    case .linger:
      shutdown(fd, Int32(SHUT_WR))
      arm(.linger)
    case .next(let timer):
      if let timer { arm(timer) }
      if !processing { process() }
    }
  }

  /// Sends what is left of the state's `output` and then of its `outputBody` in one call, and
  /// returns what `sendmsg` does: the number of bytes sent, or -1 with `errno` set.
  private func sendPending() -> Int {
    let writeIndex = state.writeIndex
    return state.output.withUnsafeBytes { head in
      state.outputBody.withUnsafeBytes { body in
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { parts in
          var count = 0
          func add(_ bytes: UnsafeRawBufferPointer, from start: Int) {
            guard let base = bytes.baseAddress, start < bytes.count else { return }
            parts[count] = iovec(
              iov_base: UnsafeMutableRawPointer(mutating: base + start),
              iov_len: bytes.count - start)
            count += 1
          }
          add(head, from: writeIndex)
          add(body, from: max(writeIndex - head.count, 0))
          var message = msghdr()
          message.msg_iov = parts.baseAddress
          message.msg_iovlen = count
          return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
        }
      }
    }
  }

  // MARK: Timeouts and closing

  /// Arms the state's named timer with the configured duration.
  private func arm(_ name: ConnectionState.Timer) {
    switch name {
    case .header: arm(configuration.headerTimeout)
    case .bodyStart, .body: arm(configuration.bodyTimeout, notAfter: bodyDeadline)
    case .write: arm(configuration.bodyTimeout)
    case .idle, .stream: arm(configuration.idleTimeout)
    case .answer: arm(configuration.answerTimeout)
    case .linger: arm(.seconds(2))
    case .grace: arm(Self.firstRequestGrace)
    }
  }

  private func arm(_ timeout: Duration, notAfter limit: DispatchTime = .distantFuture) {
    deadline = min(.now() + Self.dispatchInterval(timeout), limit)
    if deadline < timerFires { setTimer(deadline) }
  }

  private func setTimer(_ time: DispatchTime) {
    timerFires = time
    timer.schedule(deadline: time, leeway: .milliseconds(50))
  }

  /// A configured duration as Dispatch's interval, clamped so no setting can overflow it.
  static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    let limit: Int64 = 1_000_000_000  // About 31 years: far past any timeout.
    let wholeSeconds = min(max(seconds, 0), limit)
    return .nanoseconds(Int(wholeSeconds * 1_000_000_000 + max(attoseconds, 0) / 1_000_000_000))
  }

  private func timedOut() {
    guard !state.isClosed else { return }
    timerFires = .distantFuture
    if DispatchTime.now() < deadline {
      setTimer(deadline)  // The deadline moved later since the timer was set.
      return
    }
    switch state.timerFired() {
    case .close: close()
    case .answerTimedOut: if let awaited { answerTimedOut(awaited) }
    case .refuseTimeout: fail(HTTPError(.requestTimeout, "The request took too long to arrive."))
    case .rearm(let timer): arm(timer)
    }
  }

  private func close() {
    let (wasOpen, streamWasOpen) = state.close()
    guard wasOpen else { return }
    if streamWasOpen, let stream {
      configuration.metrics.streamClosed()
      pipeline.streamBacklog.ended()
      stream.end()
    }
    countBacklog()
    if let watched { socketEvents.unwatch(fd, watched) }
    timer.cancel()
  }
}
