import Dispatch
import Glibc
import Synchronization

/// One client connection: reads bytes as they come, parses requests, answers them in order and
/// writes the answers, all on its own serial queue. The server's `SocketEvents` says when the
/// socket is ready and the timer is Dispatch's; no thread ever waits on the socket.
///
/// `@unchecked Sendable`: every mutable property is touched only on `queue`.
final class Connection: SocketWatcher, @unchecked Sendable {
  private enum Phase {
    /// Waiting for a request line; `started` is when its first byte arrived.
    case head(started: DispatchTime?)
    case body(RequestHead, Request, ChunkedDecoder?)
    /// The app makes the answer later (`Response.later`); requests after it wait.
    case awaiting(AwaitedAnswer)
    /// A streamed response is being written; requests after it wait.
    case streaming(OpenStream)
  }

  let queue: DispatchQueue
  private let fd: Int32
  private let peer: PeerAddress
  private let server: HTTPServer
  private let pipeline: RequestPipeline
  private let configuration: ServerConfiguration
  private let socketEvents: SocketEvents<Connection>
  private let timer: DispatchSourceTimer

  private var phase = Phase.head(started: nil)
  private var input: [UInt8] = []
  private var readIndex = 0
  /// How far the search for the current request's head got, so each byte is scanned once.
  private var headScan = HeadParser.Scan()
  /// When the body being read must be complete, however steadily it arrives.
  private var bodyDeadline = DispatchTime.distantFuture
  /// Reading is paused while answers wait to be sent and unparsed requests pile up behind them,
  /// so a client that pipelines without reading cannot grow our buffers.
  private var readingPaused = false
  private var output: [UInt8] = []
  /// A response's body, sent after `output` in the same `sendmsg` rather than copied into it (a
  /// page's copy cost a pass over all its bytes). Empty unless `output` holds its head: `output`
  /// being empty still means nothing is waiting to be sent.
  private var outputBody: [UInt8] = []
  /// What each `recv` reads into, reused, so a read costs a copy of what arrived and no more.
  /// Given back while a stream is open: a page following live updates can stay open for hours,
  /// and ten thousand of them should not each hold a read buffer they do not use.
  private var scratch: [UInt8] = []
  /// How much of `output` and then `outputBody` has been sent.
  private var writeIndex = 0
  /// The bytes of this connection's stream counted as waiting in the server's `StreamBacklog`.
  private var backlogged = 0
  /// A send found the socket's buffer full: the next readiness event resumes writing.
  private var waitingToWrite = false
  private var closeAfterWrite = false
  private var draining = false
  /// The peer has sent its last byte (a FIN) but may still read: what it sent is answered, the
  /// last answer with `Connection: close`, and then the connection closes.
  private var peerFinished = false
  /// No request will come after those already received: the server is stopping, or the peer
  /// has sent its last byte.
  private var isWindingDown: Bool { draining || peerFinished }
  private var isProcessing = false
  /// After a `Connection: close` answer: our side is shut for writing and we read until the peer
  /// closes, so unread request bytes cannot make the kernel reset away our answer (nginx's
  /// lingering close).
  private var lingering = false
  /// Whether a thread of the epoll set is serving the socket, and whether it was asked again
  /// meanwhile (`SocketTurn`); the one field not confined to `queue`.
  private let socketTurn = Atomic<UInt8>(0)
  /// The socket's place in the server's epoll set, once it has one.
  private var watched: SocketEvents<Connection>.Token?
  private var closed = false
  private var servedRequests = 0
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
      arm(configuration.headerTimeout)
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
        if waitingToWrite { flush() }
        if !readingPaused && !closed { readAvailable(toTheEnd: toTheEnd) }
      }
      let (done, _) = socketTurn.compareExchange(
        expected: SocketTurn.serving, desired: 0, ordering: .acquiringAndReleasing)
      if done { return }
      // Asked again meanwhile: take the request (and whether to read to the end) and serve.
      let asked = socketTurn.exchange(SocketTurn.serving, ordering: .acquiringAndReleasing)
      toTheEnd = asked & SocketTurn.toTheEnd != 0
    }
  }

  /// Graceful shutdown: finish the request in progress with `Connection: close`, or close now if
  /// idle. An open stream (Server-Sent Events) is ended now: it would otherwise hold the drain
  /// until its deadline, and its client reconnects to whichever server answers next.
  func drain() {
    queue.async { [self] in
      draining = true
      if case .streaming(let stream) = phase {
        closeAfterWrite = true
        endStream(stream)
        return
      }
      // Requests already received are answered first; an idle connection closes now.
      if !lingering, case .head(nil) = phase, !hasCompleteRequestBuffered, output.isEmpty {
        if servedRequests > 0 || !input.isEmpty {
          close()
          return
        }
        // Accepted from the listen queue as the stop began: its request is read now (no event
        // may have said it is there), or given a moment to arrive, and answered.
        readAvailable()
        if !closed && !lingering && servedRequests == 0 && input.isEmpty {
          arm(Self.firstRequestGrace)
        }
      }
    }
  }

  /// Bytes this connection holds in its buffers, read on its queue (for tests and diagnostics).
  var bufferedByteCount: Int {
    queue.sync { input.count + output.count + outputBody.count }
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
    if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: 16 * 1024) }
    defer { if isStreaming { scratch = [] } }
    while !closed {
      let received = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if received > 0 {
        // After a `Connection: close` answer, what still arrives is read only to be discarded.
        if !lingering {
          input.append(contentsOf: scratch[..<received])
          receivedAny = true
          if unparsedBytes >= Self.pipelineLimit { break }
        }
        if received < scratch.count && !toTheEnd { break }
        continue
      }
      if received < 0 && errno == EINTR { continue }
      if received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
      if received == 0 && !lingering && !isStreaming {
        // A half-close: the requests it sent, often in the same event, still get their answers.
        peerFinished = true
        break
      }
      close()  // The peer reset, or closed after our last answer: nothing more to answer.
      return
    }
    guard receivedAny || peerFinished, !closed else { return }
    if case .body = phase {
      // A body that keeps arriving gets more time, up to its overall deadline.
      arm(configuration.bodyTimeout, notAfter: bodyDeadline)
    }
    let stoppedAtBound = unparsedBytes >= Self.pipelineLimit
    process()
    updateReading()
    // Stopped at the bound with the kernel still holding bytes: read on once processed, unless
    // reading is paused (resuming reads again).
    if stoppedAtBound && !readingPaused && !closed {
      queue.async { [self] in readAvailable() }
    }
  }

  /// Bytes received but not yet parsed: pipelined requests waiting behind an answer.
  private var unparsedBytes: Int { input.count - readIndex }

  /// Pauses reading while an answer is waiting to be sent (or a stream is open) and more than a
  /// head's worth of requests is queued behind it; resumes once the answer is out.
  private func updateReading() {
    let waiting = !output.isEmpty || isStreaming || isAwaiting
    let pause = !closed && waiting && unparsedBytes >= Self.pipelineLimit
    guard pause != readingPaused else { return }
    readingPaused = pause
    // Bytes that arrived while paused raised their event already: read them now.
    if !pause { queue.async { [self] in readAvailable() } }
  }

  /// How long a connection accepted as the server stops waits for its first request: one sent
  /// with the connection arrives within a round trip, and a silent one (a browser's spare
  /// connection) must not hold the stop until the drain deadline.
  static let firstRequestGrace = Duration.seconds(1)
  /// How many unparsed bytes a connection buffers behind an unsent answer.
  static let pipelineLimit = HeadParser.maxHeadLength + 16 * 1024
  /// The refusal of a request whose sender finished before its body did.
  static let bodyCutShort = HTTPError(
    .badRequest, "The request ended before its body was complete.")
  /// How many bytes of a streamed answer may wait for a slow reader before it is dropped. The
  /// bound is on what is still unsent when the next chunk comes, not on a chunk: one large event
  /// goes to a reader that reads it, and only a reader whose backlog stays above this is dropped.
  static let streamLimit = 256 * 1024

  /// Whether the unparsed input holds a whole request head (a pipelined request already sent).
  private var hasCompleteRequestBuffered: Bool {
    guard readIndex < input.count else { return false }
    var scan = HeadParser.Scan()
    if case .complete = HeadParser(maxBodySize: configuration.maxBodySize).parse(
      input, from: readIndex, scan: &scan)
    {
      return true
    }
    return false
  }

  /// Parses and answers as many buffered requests as possible, in order.
  private func process() {
    isProcessing = true
    defer { isProcessing = false }
    while true {
      if case .awaiting(let awaited) = phase {
        // The first time after its `start`, an answer already handed over is sent now, even
        // behind bytes still waiting to be written (a `100 Continue`), as one handed over later
        // would be.
        guard let response = awaited.settle() else { return }
        answered(awaited, with: response)
      }
      guard !closed && !lingering && output.isEmpty else { return }
      switch phase {
      case .streaming, .awaiting:
        return
      case .head(let started):
        if readIndex == input.count {
          input.removeAll(keepingCapacity: input.capacity <= 256 * 1024)
          readIndex = 0
          headScan = HeadParser.Scan()
          if isWindingDown { close() }
          return
        }
        if started == nil {
          phase = .head(started: .now())
          arm(configuration.headerTimeout)
        }
        let parsed = HeadParser(maxBodySize: configuration.maxBodySize).parse(
          input, from: readIndex, scan: &headScan)
        switch parsed {
        case .incomplete:
          // Only part of a request arrived before the stop, or before the peer's last byte.
          if isWindingDown { close() }
          return
        case .failed(let error):
          fail(error)
          return
        case .complete(let head, let end):
          readIndex = end
          headScan = HeadParser.Scan()
          do throws(HTTPError) {
            let request = try Request(
              method: head.method, target: head.target, headers: head.headers, body: [],
              minorVersion: head.minorVersion, peer: peer)
            beginBody(head, request)
          } catch {
            fail(error)
            return
          }
        }
      case .body:
        // Taken out of the phase, the request is held only here: its body grows, and then its id
        // and what a proxy says are set, in place rather than in a copy of its fields.
        var taken = Phase.head(started: nil)
        swap(&taken, &phase)
        guard case .body(let head, var request, var decoder) = consume taken else { return }
        if var chunked = decoder {
          var index = readIndex
          let result = chunked.decode(input, index: &index, into: &request.body)
          readIndex = index
          switch result {
          case .needMore:
            phase = .body(head, request, chunked)
            if peerFinished { fail(Self.bodyCutShort) }
            return
          case .failed(let error):
            fail(error)
            return
          case .done:
            decoder = nil
          }
        } else if case .length(let length) = head.framing {
          guard input.count - readIndex >= length else {
            phase = .body(head, request, nil)
            if peerFinished { fail(Self.bodyCutShort) }
            return
          }
          request.body = Array(input[readIndex..<(readIndex + length)])
          readIndex += length
        }
        if readIndex > 64 * 1024 {
          input.removeFirst(readIndex)
          readIndex = 0
          headScan = HeadParser.Scan()
        }
        answer(head, consume request)
      }
    }
  }

  private func beginBody(_ head: RequestHead, _ request: Request) {
    switch head.framing {
    case .none:
      phase = .body(head, request, nil)
    case .length, .chunked:
      if head.expectsContinue && readIndex == input.count {
        output.appendText("HTTP/1.1 100 Continue\r\n\r\n")
        flush()
      }
      let decoder =
        head.framing == .chunked ? ChunkedDecoder(maxBodySize: configuration.maxBodySize) : nil
      phase = .body(head, request, decoder)
      bodyDeadline = .now() + Self.dispatchInterval(configuration.bodyDeadline)
      arm(configuration.bodyTimeout, notAfter: bodyDeadline)
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
    // While stopping, a request already queued behind this one is still answered; the last
    // answer says Connection: close.
    let stopping = isWindingDown || pipeline.draining.isDraining
    let keepAlive = head.keepAlive && (!stopping || hasCompleteRequestBuffered)
    let isHead = request.method == .head
    switch response.body {
    case .later(let start):
      awaitAnswer(start, route: response.route, for: head, request, started: started)
      return
    case .bytes(let body):
      servedRequests += 1
      let bodyless = isHead || response.status.code == 304 || response.status.code == 204
      ResponseHead.encode(
        response, contentLength: response.status.code == 204 ? 0 : body.count, keepAlive: keepAlive,
        minorVersion: head.minorVersion, serverName: configuration.serverName,
        requestID: request.id, into: &output)
      if !bodyless { outputBody = body }
      closeAfterWrite = !keepAlive
      pipeline.log(
        request, route: response.route, status: response.status, bytes: bodyless ? 0 : body.count,
        started: started)
      flush()
    case .stream(let produce):
      servedRequests += 1
      // HTTP/1.0 has no chunked coding: its stream is the raw bytes, ended by closing.
      let chunked = head.minorVersion >= 1
      let streamKeepAlive = keepAlive && chunked
      ResponseHead.encode(
        response, contentLength: isHead ? 0 : nil, chunked: chunked, keepAlive: streamKeepAlive,
        minorVersion: head.minorVersion, serverName: configuration.serverName,
        requestID: request.id, into: &output)
      closeAfterWrite = !streamKeepAlive
      if isHead {
        pipeline.log(
          request, route: response.route, status: response.status, bytes: 0, started: started)
        flush()
        return
      }
      let stream = OpenStream(
        chunked: chunked, request: request, route: response.route, status: response.status,
        started: started)
      phase = .streaming(stream)
      if readIndex == input.count {
        input = []  // Nothing more was sent: keep no buffer for the stream's lifetime.
        readIndex = 0
      }
      configuration.metrics.streamOpened()
      pipeline.streamBacklog.opened()
      flush()
      let writer = ResponseWriter(
        sendChunk: { [self] bytes in
          queue.async { [self] in
            guard !closed, case .streaming(let current) = phase, current === stream else { return }
            write(chunk: bytes, of: stream)
          }
        },
        sendEnd: { [self] in
          queue.async { [self] in
            guard !closed, case .streaming(let current) = phase, current === stream else { return }
            endStream(stream)
          }
        },
        whenEnded: { [self] handler in
          queue.async {
            if stream.hasEnded { handler() } else { stream.onEnd.append(handler) }
          }
        })
      produce(writer)
    }
  }

  private var isStreaming: Bool {
    if case .streaming = phase { true } else { false }
  }

  private var isAwaiting: Bool {
    if case .awaiting = phase { true } else { false }
  }

  /// Starts an answer made later and waits for it without holding a thread: the answer comes
  /// back onto this queue, goes through the pipeline's last steps, and is sent. One that takes
  /// longer than `answerTimeout` is answered 503 instead, and its late answer dropped.
  private func awaitAnswer(
    _ start: @Sendable (@escaping @Sendable (Response) -> Void) -> Void, route: String?,
    for head: RequestHead, _ request: Request, started: ContinuousClock.Instant
  ) {
    let awaited = AwaitedAnswer(head: head, request: request, route: route, started: started)
    phase = .awaiting(awaited)
    arm(configuration.answerTimeout)
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
    isProcessing = true
    answered(awaited, with: response)
    isProcessing = false
    if !closed && (readIndex < input.count || isWindingDown) {
      queue.async { [self] in
        process()
        updateReading()
      }
    }
  }

  private func answered(_ awaited: AwaitedAnswer, with made: Response) {
    guard !closed, case .awaiting(let current) = phase, current === awaited else { return }
    phase = .head(started: nil)
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
    // A reader that does not keep up is dropped rather than buffered without end: past its own
    // limit, or past its share when all the streams together are past the server's budget.
    let pending = output.count - writeIndex
    guard pending <= Self.streamLimit, !pipeline.streamBacklog.drops(pending: pending) else {
      close()
      pipeline.streamBacklog.dropped()
      return
    }
    stream.sent += bytes.count
    if stream.chunked {
      output.append(contentsOf: String(bytes.count, radix: 16).utf8)
      output.appendText("\r\n")
    }
    output.append(contentsOf: bytes)
    if stream.chunked { output.appendText("\r\n") }
    flush()
    countBacklog()
  }

  /// Counts what this connection's stream has waiting in the server's backlog, as it changes.
  private func countBacklog() {
    let pending = closed ? 0 : output.count + outputBody.count - writeIndex
    guard pending != backlogged else { return }
    pipeline.streamBacklog.add(pending - backlogged)
    backlogged = pending
  }

  /// Ends a stream cleanly: the last chunk, the access line, and back to reading requests (or
  /// closing, after `Connection: close` or while stopping).
  private func endStream(_ stream: OpenStream) {
    if stream.chunked { output.appendText("0\r\n\r\n") }
    phase = .head(started: nil)
    configuration.metrics.streamClosed()
    pipeline.streamBacklog.ended()
    pipeline.log(
      stream.request, route: stream.route, status: stream.status, bytes: stream.sent,
      started: stream.started)
    stream.end()
    flush()
  }

  /// Answers a request the server could not accept, and closes: after a framing error nothing
  /// later on the connection can be trusted.
  private func fail(_ error: HTTPError) {
    pipeline.logRefusal(error.status, error.message, peer: peer)
    var response = Response.text(error.message + "\n", status: error.status)
    response.headers.add("Cache-Control", "no-store")
    ResponseHead.encode(
      response, contentLength: response.bodyCount, keepAlive: false, minorVersion: 1,
      serverName: configuration.serverName, requestID: nil, into: &output)
    if case .bytes(let body) = response.body { outputBody = body }
    closeAfterWrite = true
    flush()
  }

  // MARK: Writing

  private func flush() {
    guard !closed else { return }
    while writeIndex < output.count + outputBody.count {
      let written = sendPending()
      if written > 0 {
        writeIndex += written
        arm(configuration.bodyTimeout)
      } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        waitingToWrite = true
        return
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        close()  // EPIPE or ECONNRESET: the peer is gone.
        return
      }
    }
    // An open stream writes now and then: it keeps no buffer between its events.
    output.removeAll(keepingCapacity: !isStreaming && output.capacity <= 256 * 1024)
    outputBody = []
    writeIndex = 0
    if backlogged != 0 { countBacklog() }
    defer { updateReading() }
    waitingToWrite = false
    if case .streaming = phase { return }  // A stream's `Connection: close` waits for its end.
    if closeAfterWrite {
      // A peer that has finished sending has nothing left for a lingering read to drain.
      if peerFinished {
        close()
        return
      }
      lingering = true
      shutdown(fd, Int32(SHUT_WR))
      input = []
      arm(.seconds(2))
      return
    }
    if case .head(nil) = phase {
      arm(servedRequests == 0 ? configuration.headerTimeout : configuration.idleTimeout)
    }
    if !isProcessing { process() }
  }

  /// Sends what is left of `output` and then of `outputBody` in one call, and returns what
  /// `sendmsg` does: the number of bytes sent, or -1 with `errno` set.
  private func sendPending() -> Int {
    output.withUnsafeBytes { head in
      outputBody.withUnsafeBytes { body in
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
    guard !closed else { return }
    timerFires = .distantFuture
    if DispatchTime.now() < deadline {
      setTimer(deadline)  // The deadline moved later since the timer was set.
      return
    }
    if lingering {
      close()
      return
    }
    switch phase {
    case .awaiting(let awaited):
      answerTimedOut(awaited)
    case .head(nil) where output.isEmpty:
      close()  // An idle keep-alive connection.
    case .head, .body:
      guard output.isEmpty else {
        close()  // A client too slow to read what we wrote.
        return
      }
      fail(HTTPError(.requestTimeout, "The request took too long to arrive."))
    case .streaming:
      arm(configuration.idleTimeout)  // A stream may be quiet; only a stuck write ends it.
      if !output.isEmpty { close() }
    }
  }

  private func close() {
    guard !closed else { return }
    closed = true
    if case .streaming(let stream) = phase {
      configuration.metrics.streamClosed()
      pipeline.streamBacklog.ended()
      stream.end()
    }
    countBacklog()
    if let watched { socketEvents.unwatch(fd, watched) }
    timer.cancel()
  }
}

/// The bits of `Connection.socketTurn`.
private enum SocketTurn {
  /// A thread of the epoll set is serving the socket.
  static let serving: UInt8 = 1
  /// Another event came meanwhile: serve once more.
  static let again: UInt8 = 2
  /// That event said to read to the end.
  static let toTheEnd: UInt8 = 4
}

/// A request whose answer is being made elsewhere: what sending it needs once it comes. A class,
/// so a late answer can tell whether it is still the one awaited.
private final class AwaitedAnswer: Sendable {
  private enum Handover {
    /// The block of the connection's queue that called `start` has not yet left `process`.
    case starting
    /// The answer came during that block, which sends it.
    case parked(Response)
    /// That block is over: the answer comes through the connection's queue.
    case open
  }

  let head: RequestHead
  let request: Request
  let route: String?
  let started: ContinuousClock.Instant
  private let handover = Mutex(Handover.starting)

  init(head: RequestHead, request: Request, route: String?, started: ContinuousClock.Instant) {
    self.head = head
    self.request = request
    self.route = route
    self.started = started
  }

  /// Leaves the answer for the block that started it; false once that block is over.
  func park(_ response: Response) -> Bool {
    handover.withLock { handover in
      guard case .starting = handover else { return false }
      handover = .parked(response)
      return true
    }
  }

  /// Ends the starting block's part (called on the connection's queue): the answer parked
  /// meanwhile, if any, to send now. Later calls return nil.
  func settle() -> Response? {
    handover.withLock { handover in
      defer { handover = .open }
      guard case .parked(let response) = handover else { return nil }
      return response
    }
  }
}

/// A streamed answer in progress: how to frame it, what to log when it ends, and who to tell.
/// Touched only on the owning connection's queue.
private final class OpenStream: @unchecked Sendable {
  let chunked: Bool
  let request: Request
  let route: String?
  let status: HTTPStatus
  let started: ContinuousClock.Instant
  var sent = 0
  var onEnd: [@Sendable () -> Void] = []
  private(set) var hasEnded = false

  init(
    chunked: Bool, request: Request, route: String?, status: HTTPStatus,
    started: ContinuousClock.Instant
  ) {
    self.chunked = chunked
    self.request = request
    self.route = route
    self.status = status
    self.started = started
  }

  func end() {
    guard !hasEnded else { return }
    hasEnded = true
    let handlers = onEnd
    onEnd = []
    handlers.forEach { $0() }
  }
}

extension Response {
  var bodyCount: Int {
    if case .bytes(let body) = body { return body.count }
    return 0
  }
}
