/// The answer side of `ConnectionState`: answers in, bytes for the socket out.
extension ConnectionState {
  /// What a stream's chunk does.
  enum ChunkResult: Equatable {
    /// Framed into `output`: send it.
    case send
    /// The reader is too far behind: drop the connection.
    case drop
  }

  /// An answer made now, with its body in `body` (sent after the head, not copied into it).
  /// Refused unless a request was read and no answer is in progress.
  @discardableResult
  mutating func answer(
    _ response: Response, body: [UInt8], to head: RequestHead, requestID: String,
    keepAlive: Bool, serverName: String
  ) -> Bool {
    guard writing == .answering else { return false }
    servedRequests += 1
    let bodyless =
      head.method == .head || response.status.code == 304 || response.status.code == 204
    ResponseHead.encode(
      response, contentLength: body.count, keepAlive: keepAlive,
      minorVersion: head.minorVersion, serverName: serverName, requestID: requestID,
      answerHeaders: answerHeaders, into: &output)
    if !bodyless { outputBody = body }
    writing = keepAlive ? .idle : .closing
    return true
  }

  /// The answer will be made later: requests after it wait, for at most the `.answer` timer.
  mutating func awaitAnswer() -> Timer? {
    guard writing == .answering else { return nil }
    writing = .awaiting
    return arm(.answer)
  }

  /// The answer made later has come (or its time ran out): it is sent with `answer`.
  mutating func answerArrived() -> Bool {
    guard writing == .awaiting else { return false }
    writing = .answering
    return true
  }

  /// A streamed answer's head. Returns whether a stream is now open (a `HEAD` request's is not,
  /// and neither is one refused). HTTP/1.0 has no chunked coding: its stream is the raw bytes,
  /// ended by closing.
  @discardableResult
  mutating func openStream(
    _ response: Response, to head: RequestHead, requestID: String, keepAlive: Bool,
    serverName: String
  ) -> Bool {
    guard writing == .answering else { return false }
    servedRequests += 1
    let chunked = head.minorVersion >= 1
    let streamKeepAlive = keepAlive && chunked
    let isHead = head.method == .head
    ResponseHead.encode(
      response, contentLength: isHead ? 0 : nil, chunked: chunked, keepAlive: streamKeepAlive,
      minorVersion: head.minorVersion, serverName: serverName, requestID: requestID,
      answerHeaders: answerHeaders, into: &output)
    if isHead {
      writing = streamKeepAlive ? .idle : .closing
      return false
    }
    writing = .streaming(chunked: chunked, thenClose: !streamKeepAlive)
    if readIndex == incoming.count {
      incoming = []  // Nothing more was sent: keep no buffer for the stream's lifetime.
      readIndex = 0
    }
    return true
  }

  /// A chunk of the open stream. A reader that does not keep up is dropped rather than buffered
  /// without end: past its own limit, or past its share when all the streams together are past
  /// the server's budget (`sharedBudgetDrops`, given what this one has waiting).
  mutating func streamChunk(
    _ bytes: [UInt8], sharedBudgetDrops: (Int) -> Bool
  ) -> ChunkResult? {
    guard case .streaming(let chunked, _) = writing else { return nil }
    let pending = output.count - writeIndex
    guard pending <= streamLimit, !sharedBudgetDrops(pending) else { return .drop }
    if chunked {
      output.append(contentsOf: String(bytes.count, radix: 16).utf8)
      output.appendText("\r\n")
    }
    output.append(contentsOf: bytes)
    if chunked { output.appendText("\r\n") }
    return .send
  }

  /// The open stream ended cleanly: the last chunk, and back to reading requests (or closing,
  /// after `Connection: close` or while stopping). False when no stream is open.
  mutating func endStream() -> Bool {
    guard case .streaming(let chunked, let thenClose) = writing else { return false }
    if chunked { output.appendText("0\r\n\r\n") }
    writing = thenClose ? .closing : .idle
    return true
  }

  /// Refuses a request the server could not accept, with `response`, and closes after it: after
  /// a framing error nothing later on the connection can be trusted.
  mutating func refuse(_ response: Response, serverName: String) {
    guard writing != .closed, writing != .lingering else { return }
    ResponseHead.encode(
      response, contentLength: response.bodyCount, keepAlive: false, minorVersion: 1,
      serverName: serverName, requestID: nil, answerHeaders: answerHeaders, into: &output)
    if case .bytes(let body) = response.body { outputBody = body }
    writing = .closing
  }

  /// `count` bytes were written: the next must follow within the `.write` timer. A stream's sent
  /// bytes are let go at once: a reader that falls behind would otherwise keep, beside what it
  /// has still to read, all it has read since the stream was last idle.
  mutating func wrote(_ count: Int) -> Timer {
    writeIndex += count
    if isStreaming && writeIndex < output.count {
      output.removeFirst(writeIndex)
      writeIndex = 0
    }
    return arm(.write)
  }

  /// Everything in `output` has been sent: what comes next.
  mutating func outputSent() -> AfterWrite {
    // An open stream writes now and then: it keeps no buffer between its events.
    output.removeAll(keepingCapacity: !isStreaming && output.capacity <= 256 * 1024)
    outputBody = []
    writeIndex = 0
    switch writing {
    case .streaming:
      return .streaming  // A stream's `Connection: close` waits for its end.
    case .closing:
      // A peer that has finished sending has nothing left for a lingering read to drain.
      if ending == .peerFinished { return .close }
      writing = .lingering
      incoming = []
      readIndex = 0
      headScan = HeadParser.Scan()
      timer = .linger
      return .linger
    case .idle:
      if case .idle = reading {
        return .next(arm(servedRequests == 0 ? .header : .idle))
      }
      return .next(nil)
    case .answering, .awaiting, .lingering, .closed:
      return .next(nil)
    }
  }
}
