import Dispatch

/// Answering: each request read goes through the pipeline, and its answer (made now, made later,
/// or streamed) goes to the state, to be written.
extension Connection {
  // MARK: Answering

  func answer(_ head: RequestHead, _ request: consuming Request) {
    let started = DispatchTime.now()
    let response = pipeline.respond(to: &request)
    send(response, to: head, request, started: started)
  }

  /// Writes an answer, opens a stream, or waits for an answer made later. Inlined into
  /// `process`, as it was before it had four kinds of answer to tell apart: called, every
  /// request paid for the call and for the exclusivity checks of the state it reaches.
  @inline(__always)
  func send(
    _ response: Response, to head: RequestHead, _ request: Request,
    started: DispatchTime
  ) {
    // The drain asked first, and `keepsAlive` inlined: otherwise the call took a copy of the
    // whole state, each of its references retained and released, for every answer (on the
    // thread that sends it, while another may touch the same counts).
    let draining = pipeline.draining.isDraining
    let keepAlive = state.keepsAlive(head, serverDraining: draining)
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
      // A stream opened once the stop began (its answer was being made as the drain came) is
      // ended at once, as the drain ends those open before it: left open, it held the stop until
      // the drain deadline. Its producer has run, so what it took it gives back as it ends.
      if pipeline.draining.isDraining { endStream() }
    case .atSending(let make):
      sendMade(make, route: response.route, to: head, request, started: started)
    }
  }

  /// Makes an answer made at sending (`Response.atSending`) and sends it: apart from `send`, so
  /// that `send`, inlined where it is called, does not call itself.
  @inline(never)
  func sendMade(
    _ make: @Sendable () -> Response, route: String?, to head: RequestHead, _ request: Request,
    started: DispatchTime
  ) {
    var made = make()
    if case .later = made.body {
      made = madeTwice(request)
    } else if case .atSending = made.body {
      made = madeTwice(request)
    }
    if made.route == nil { made.route = route }
    pipeline.finish(&made, for: request)
    send(made, to: head, request, started: started)
  }

  /// The answer for a request whose answer made later or at sending was itself one made later
  /// or at sending: a second wait would have no bound of its own, and a second making no end.
  private func madeTwice(_ request: Request) -> Response {
    pipeline.configuration.logger.error(
      "\(request.method) \(request.path): an answer made later or at sending was itself made later or at sending; answered 500",
      metadata: request.idMetadata)
    return .ourFault
  }

  func writer(for stream: OpenStream) -> ResponseWriter {
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
  func awaitAnswer(
    _ start: @Sendable (@escaping @Sendable (Response) -> Void) -> Void, route: String?,
    for head: RequestHead, _ request: Request, started: DispatchTime
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
  func answeredElsewhere(_ awaited: AwaitedAnswer, with response: Response) {
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

  func answered(_ awaited: AwaitedAnswer, with made: Response) {
    guard !state.isClosed, self.awaited === awaited, state.answerArrived() else { return }
    self.awaited = nil
    var response = made
    // An answer made later must be an answer: a second wait would have no bound of its own.
    if case .later = response.body { response = madeTwice(awaited.request) }
    if response.route == nil { response.route = awaited.route }
    pipeline.finish(&response, for: awaited.request)
    send(response, to: awaited.head, awaited.request, started: awaited.started)
  }

  /// The answer took longer than `answerTimeout`: the client hears 503 now.
  func answerTimedOut(_ awaited: AwaitedAnswer) {
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

  func write(chunk bytes: [UInt8], of stream: OpenStream) {
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
  func countBacklog() {
    let pending = state.isClosed ? 0 : state.pendingStreamBytes
    guard pending != backlogged else { return }
    pipeline.streamBacklog.add(pending - backlogged)
    backlogged = pending
  }

  /// Ends the open stream cleanly: the last chunk, the access line, and back to reading requests
  /// (or closing, after `Connection: close` or while stopping).
  func endStream() {
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
  func fail(_ error: HTTPError) {
    pipeline.logRefusal(error.status, error.message, peer: peer)
    var response = Response.text(error.message + "\n", status: error.status)
    response.headers.add("Cache-Control", "no-store")
    state.refuse(response, serverName: configuration.serverName)
    flush()
  }

}
