import Synchronization

/// A server without a socket: each request goes through what a listening `HTTPServer` does with
/// it (the proxy preparation, the middleware in order, the responder, the checks every answer
/// goes through) and comes back made in full, an answer made later awaited. For tests that need
/// the whole site but not the wire: they run in microseconds, many at once, with no port.
///
/// The test kit's client makes one:
///
/// ```swift
/// transport = .inProcess(InProcessServer(configuration: configuration, responder: responder))
/// ```
///
/// and asks it for each answer:
///
/// ```swift
/// let response = await server.answer(try Self.request(request))
/// ```
package struct InProcessServer: Sendable {
  private let pipeline: RequestPipeline

  /// The server `configuration` describes (its address is not used), answering with `responder`.
  package init(configuration: ServerConfiguration, responder: any Responder) {
    pipeline = RequestPipeline(
      configuration: configuration, responder: responder, draining: DrainingState())
  }

  /// The answer to `request`, made: its status, headers and body as the server would send them
  /// (a stream's body stays a stream: read it with `InProcessStream`).
  package func answer(_ request: Request) async -> Response {
    var request = request
    var response = pipeline.respond(to: &request)
    if case .later = response.body {
      response = await response.made()
      // As the connection does: an answer made later must be an answer.
      if case .later = response.body { return sent(.ourFault) }
      pipeline.finish(&response, for: request)
    }
    guard case .atSending(let make) = response.body else { return sent(response) }
    // Sent now, so made now, as the connection makes it.
    var made = make()
    switch made.body {
    case .later, .atSending: return sent(.ourFault)
    case .bytes, .stream: break
    }
    if made.route == nil { made.route = response.route }
    pipeline.finish(&made, for: request)
    return sent(made)
  }

  /// `response` with the fields the server writes on every answer but a 304.
  private func sent(_ response: Response) -> Response {
    let common = pipeline.configuration.answerHeaders
    guard response.status != .notModified, !common.fields.isEmpty else { return response }
    var sent = response
    sent.headers.reserveCapacity(sent.headers.fields.count + common.fields.count)
    for field in common.fields { sent.headers.add(field.name, field.value) }
    return sent
  }
}

/// The chunks of a streamed answer (`ResponseBody.stream`, the live pages' events) as they are
/// written, without a socket. `close()` is the reader going away: the stream's end handlers run,
/// as when a browser closes the page.
package final class InProcessStream: Sendable {
  /// Each chunk, in order; finished when the answer ends its body or the reader closes.
  package let chunks: AsyncStream<[UInt8]>
  private let continuation: AsyncStream<[UInt8]>.Continuation
  private let ended = EndHandlers()

  /// Starts `body`'s producer, or nil when the body is not a stream.
  package init?(_ body: ResponseBody) {
    guard case .stream(let produce) = body else { return nil }
    (chunks, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    let continuation = continuation
    let ended = ended
    continuation.onTermination = { _ in ended.run() }
    produce(
      ResponseWriter(
        sendChunk: { bytes in continuation.yield(bytes) },
        sendEnd: { continuation.finish() },
        whenEnded: { handler in ended.add(handler) }))
  }

  /// Ends the stream from the reader's side.
  package func close() {
    continuation.finish()
  }
}

/// What runs once when a stream ends, however it ends.
private final class EndHandlers: Sendable {
  private let state = Mutex<(ended: Bool, handlers: [@Sendable () -> Void])>((false, []))

  func add(_ handler: @escaping @Sendable () -> Void) {
    let runNow = state.withLock { state in
      if state.ended { return true }
      state.handlers.append(handler)
      return false
    }
    if runNow { handler() }
  }

  func run() {
    let handlers = state.withLock { state in
      state.ended = true
      defer { state.handlers = [] }
      return state.handlers
    }
    handlers.forEach { $0() }
  }
}
