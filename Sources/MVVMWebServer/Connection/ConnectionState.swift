/// The HTTP/1.1 protocol state of one connection, as a value with no I/O (as h11 and Hummingbird's
/// connection state machine have it): events come in (bytes received, the peer's last byte, bytes
/// written, an answer made now or later, a stream's chunk or end, a timer fired, a drain), and
/// each says what to do (send what `output` holds, pause or resume reading, arm a named timer,
/// shut our side and linger, close). `Connection` turns socket readiness into these events and
/// the actions into system calls; tests drive it with no socket at all.
///
/// The lifecycle is one enum per side rather than flags: `reading` for the requests coming in,
/// `writing` for the answers going out, `ending` for whether more requests may come, `input` for
/// whether the socket is read. The buffers live here too, read and written in place by the
/// driver, so a request costs no copy beyond what it did before.
struct ConnectionState {
  /// The request side: where the next bytes of the peer's input belong.
  enum Reading {
    /// Between requests: no byte of the next one is here yet.
    case idle
    /// Part of a head has arrived, and the header timeout runs.
    case head
    /// A head is read; its body (if any) is arriving.
    case body(RequestHead, Request, ChunkedDecoder?)
  }

  /// The answer side.
  enum Writing: Equatable {
    /// No answer is in progress (bytes of the last one may still be waiting in `output`).
    case idle
    /// A request was read whole and its answer is being made: the only time an answer is taken
    /// (`answer`, `openStream`, `awaitAnswer`), so none is ever sent for a request not read.
    case answering
    /// The app makes the answer later (`Response.later`); requests after it wait.
    case awaiting
    /// A streamed answer is being written; requests after it wait. `thenClose`: the connection
    /// closes when it ends.
    case streaming(chunked: Bool, thenClose: Bool)
    /// The last answer (one with `Connection: close`, or a refusal) is in `output`: once it is
    /// sent, our side shuts.
    case closing
    /// Our side is shut for writing; what still arrives is read and dropped until the peer
    /// closes, so unread request bytes cannot make the kernel reset away our answer (nginx's
    /// lingering close).
    case lingering
    case closed
  }

  /// Whether more requests may come after those already incoming.
  enum Ending: Equatable {
    case open
    /// The server is stopping: requests already received are answered, the last with
    /// `Connection: close`.
    case draining
    /// The peer has sent its last byte (a FIN) but may still read: what it sent is answered, the
    /// last answer with `Connection: close`, and then the connection closes.
    case peerFinished
  }

  /// Whether the socket is read.
  enum Input: Equatable {
    case reading
    /// Paused while answers wait to be sent and unparsed requests pile up behind them, so a
    /// client that pipelines without reading cannot grow our buffers.
    case paused
  }

  /// The connection's timers, by what they wait for. One runs at a time: arming one replaces
  /// the last.
  enum Timer: Equatable, CaseIterable {
    /// A request's head must arrive (`headerTimeout`).
    case header
    /// A body has started: its overall deadline is set, and its bytes must keep coming.
    case bodyStart
    /// A body's next bytes must come (`bodyTimeout`, not after the body's deadline).
    case body
    /// Between requests on a kept-alive connection (`idleTimeout`).
    case idle
    /// An answer made later must come (`answerTimeout`).
    case answer
    /// A write made progress: the next must too (`bodyTimeout`).
    case write
    /// After our side shut: the peer has this long to close.
    case linger
    /// A connection accepted as the server stops has this long to send its first request.
    case grace
    /// An open stream may be quiet this long before it is checked again (`idleTimeout`).
    case stream
  }

  /// What the driver does next, asked of `next()` until it says `.wait`.
  enum Step {
    case wait
    case close
    /// Refuse with this error and close (`refuse(_:)` writes the answer).
    case refuse(HTTPError)
    case arm(Timer)
    /// A body with framing has started: send the `100 Continue` in `output` first if asked.
    case bodyStarted(sendContinue: Bool)
    /// A request was read whole: answer it.
    case request(RequestHead, Request)
  }

  /// What follows once `output` has all been sent.
  enum AfterWrite: Equatable {
    /// A stream is open: nothing until its next chunk.
    case streaming
    case close
    /// Shut our write side and read until the peer closes (timer `.linger` armed).
    case linger
    /// Go on with the requests buffered, with this timer armed first if any.
    case next(Timer?)
  }

  /// What a timer's firing does.
  enum TimerStep: Equatable {
    case close
    /// The answer made later took too long: answer 503 now.
    case answerTimedOut
    /// The request took too long to arrive: refuse it (408).
    case refuseTimeout
    /// A quiet stream: look again later.
    case rearm(Timer)
  }

  /// What a drain does.
  enum DrainStep: Equatable {
    case nothing
    case close
    /// End the open stream (`endStream()` next), after which the connection closes.
    case endStream
    /// Read what may have arrived, then call `afterDrainRead()`.
    case read
  }

  /// How many unparsed bytes a connection buffers behind an unsent answer.
  static let pipelineLimit = HeadParser.maxHeadLength + 16 * 1024
  /// How many unparsed bytes of a chunked body are read before they are decoded: one read.
  static let chunkedReadLimit = 16 * 1024
  /// How many bytes of a streamed answer may wait for a slow reader before it is dropped. The
  /// bound is on what is still unsent when the next chunk comes, not on a chunk: one large event
  /// goes to a reader that reads it, and only a reader whose backlog stays above this is dropped.
  static let defaultStreamLimit = 256 * 1024
  /// The refusal of a request whose sender finished before its body did.
  static let bodyCutShort = HTTPError(
    .badRequest, "The request ended before its body was complete.")

  let maxBodySize: Int
  let peer: PeerAddress
  /// This connection's stream's own backlog bound (`defaultStreamLimit` but in a test).
  let streamLimit: Int
  /// Lines every answer's head carries (`ServerConfiguration.answerHeaders`, as bytes).
  let answerHeaders: [UInt8]
  /// What this connection's requests share (`Request.connectionMemo`).
  let memo = ConnectionMemo()

  var reading = Reading.idle
  var writing = Writing.idle
  var ending = Ending.open
  var input = Input.reading
  /// The timer armed now, if any: each is replaced by the next, cancelled by closing, or fires.
  var timer: Timer?
  var servedRequests = 0

  /// What has been received: parsed up to `readIndex`.
  var incoming: [UInt8] = []
  var readIndex = 0
  /// How far the search for the current request's head got, so each byte is scanned once.
  var headScan = HeadParser.Scan()
  /// What waits to be sent, up to `writeIndex`.
  var output: [UInt8] = []
  /// A response's body, sent after `output` in the same `sendmsg` rather than copied into it (a
  /// page's copy cost a pass over all its bytes). Empty unless `output` holds its head: `output`
  /// being empty still means nothing is waiting to be sent.
  var outputBody: [UInt8] = []
  /// How much of `output` and then `outputBody` has been sent.
  var writeIndex = 0

  init(
    maxBodySize: Int, peer: PeerAddress, streamLimit: Int = Self.defaultStreamLimit,
    answerHeaders: [UInt8] = []
  ) {
    self.maxBodySize = maxBodySize
    self.peer = peer
    self.streamLimit = streamLimit
    self.answerHeaders = answerHeaders
  }

  // MARK: What the driver asks

  var isClosed: Bool { writing == .closed }
  var isLingering: Bool { writing == .lingering }
  var isStreaming: Bool { if case .streaming = writing { true } else { false } }
  var isAwaiting: Bool { writing == .awaiting }
  var isReadingBody: Bool { if case .body = reading { true } else { false } }
  /// No request will come after those already incoming.
  var isWindingDown: Bool { ending != .open }
  /// Bytes received but not yet parsed: pipelined requests waiting behind an answer.
  var unparsedBytes: Int { incoming.count - readIndex }
  var hasPendingOutput: Bool { writeIndex < output.count + outputBody.count }
  /// Everything the connection holds: its input, its output, and a body being read.
  var bufferedBytes: Int {
    var body = 0
    if case .body(_, let request, _) = reading { body = request.body.count }
    return incoming.count + output.count + outputBody.count + body
  }
  /// Bytes of a stream waiting to be sent.
  var pendingStreamBytes: Int { output.count + outputBody.count - writeIndex }

  /// Whether the unparsed input holds a whole request head (a pipelined request already sent).
  var hasCompleteRequestBuffered: Bool {
    guard readIndex < incoming.count else { return false }
    var scan = HeadParser.Scan()
    if case .complete = HeadParser(maxBodySize: maxBodySize).parse(
      incoming, from: readIndex, scan: &scan)
    {
      return true
    }
    return false
  }

  /// Whether an answer keeps the connection open. While stopping, a request already queued
  /// behind this one is still answered; the last answer says `Connection: close`.
  @inline(__always)
  func keepsAlive(_ head: RequestHead, serverDraining: Bool) -> Bool {
    head.keepAlive && (!(isWindingDown || serverDraining) || hasCompleteRequestBuffered)
  }

  // MARK: Timers

  /// The connection is open: its first request's head must arrive.
  mutating func start() -> Timer { arm(.header) }

  mutating func arm(_ timer: Timer) -> Timer {
    self.timer = timer
    return timer
  }

  /// The armed timer fired (its deadline reached).
  mutating func timerFired() -> TimerStep {
    timer = nil
    if writing == .lingering { return .close }
    switch writing {
    case .awaiting:
      return .answerTimedOut
    case .streaming:
      // A stream may be quiet; only a stuck write ends it.
      if !output.isEmpty { return .close }
      return .rearm(arm(.stream))
    default:
      break
    }
    if case .idle = reading, output.isEmpty { return .close }  // An idle keep-alive connection.
    // A client too slow to read what we wrote, or a request too slow to arrive.
    return output.isEmpty ? .refuseTimeout : .close
  }

  // MARK: Closing and draining

  /// Closes, once: whether it was open, and whether a stream was (the driver ends it). The timer
  /// armed, if any, is cancelled.
  mutating func close() -> (wasOpen: Bool, streamWasOpen: Bool) {
    guard writing != .closed else { return (false, false) }
    let streaming = isStreaming
    writing = .closed
    timer = nil
    return (true, streaming)
  }

  /// Graceful shutdown: finish the request in progress with `Connection: close`, or close now if
  /// idle. An open stream (Server-Sent Events) is ended now: it would otherwise hold the drain
  /// until its deadline, and its client reconnects to whichever server answers next.
  mutating func drain() -> DrainStep {
    if writing == .closed { return .nothing }
    if ending == .open { ending = .draining }
    if case .streaming(let chunked, _) = writing {
      writing = .streaming(chunked: chunked, thenClose: true)
      return .endStream
    }
    // Requests already received are answered first; an idle connection closes now.
    guard writing == .idle, case .idle = reading, !hasCompleteRequestBuffered, output.isEmpty
    else { return .nothing }
    if servedRequests > 0 || !incoming.isEmpty { return .close }
    // Accepted from the listen queue as the stop began: its request is read now (no event may
    // have said it is there), or given a moment to arrive, and answered.
    return .read
  }

  /// After the read a drain asked for: the timer to arm, if nothing came.
  mutating func afterDrainRead() -> Timer? {
    guard writing != .closed, writing != .lingering, servedRequests == 0, incoming.isEmpty
    else { return nil }
    return arm(.grace)
  }
}
