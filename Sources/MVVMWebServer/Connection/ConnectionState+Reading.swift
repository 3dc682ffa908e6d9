/// The request side of `ConnectionState`: bytes in, requests out.
extension ConnectionState {
  /// What a read of the socket brought.
  enum ReadResult: Equatable {
    /// Bytes kept (false: dropped while lingering); `atBound`: the pipelining bound is reached,
    /// stop reading for now.
    case bytes(kept: Bool, atBound: Bool)
    /// The peer sent its last byte: stop reading, and answer what it sent.
    case finished
    case close
  }

  /// Bytes arrived: a slice of the driver's read buffer, copied once, into `incoming`.
  mutating func received(_ bytes: ArraySlice<UInt8>) -> ReadResult {
    // After a `Connection: close` answer, what still arrives is read only to be discarded.
    guard writing != .lingering else { return .bytes(kept: false, atBound: false) }
    incoming.append(contentsOf: bytes)
    return .bytes(kept: true, atBound: isAtReadBound)
  }

  /// Whether the unparsed input is as much as is read before it is parsed: the pipelining
  /// bound, or while a chunked body is read, one read's worth, so its framing is let go read by
  /// read rather than piled up first.
  var isAtReadBound: Bool {
    if case .body(_, _, .some) = reading { return unparsedBytes >= Self.chunkedReadLimit }
    return unparsedBytes >= Self.pipelineLimit
  }

  /// The peer half-closed (a read of 0 bytes).
  mutating func peerClosed() -> ReadResult {
    // After our last answer, or during a stream, there is nothing more to answer.
    if writing == .lingering || isStreaming { return .close }
    // A half-close: the requests it sent, often in the same event, still get their answers.
    ending = .peerFinished
    return .finished
  }

  /// After a read that brought bytes or the peer's last one: the timer a body that keeps
  /// arriving earns (more time, up to its overall deadline).
  mutating func afterRead() -> Timer? {
    if case .body = reading { return arm(.body) }
    return nil
  }

  /// Pauses reading while an answer is waiting to be sent (or a stream is open, or an answer is
  /// made later) and more than a head's worth of requests is queued behind it; resumes once the
  /// answer is out. Returns true when reading resumes: bytes that arrived while paused raised
  /// their event already, so the driver reads them now.
  mutating func updateInput() -> Bool {
    let waiting = !output.isEmpty || isStreaming || isAwaiting
    let pause = writing != .closed && waiting && unparsedBytes >= Self.pipelineLimit
    guard pause != (input == .paused) else { return false }
    input = pause ? .paused : .reading
    return !pause
  }

  /// Parses as far as the buffered bytes go: the next thing the driver must do. Called until it
  /// says `.wait` (or closes); a `.request` is answered before the next call.
  mutating func next() -> Step {
    guard writing == .idle, output.isEmpty else { return .wait }
    switch reading {
    case .idle, .head:
      if readIndex == incoming.count {
        incoming.removeAll(keepingCapacity: incoming.capacity <= 256 * 1024)
        readIndex = 0
        headScan = HeadParser.Scan()
        return isWindingDown ? .close : .wait
      }
      if case .idle = reading {
        reading = .head
        // The head's time runs from when it began to be awaited: a connection's first head from
        // the accept, whose timer is running already. Armed again at the first byte, the first
        // head had nearly twice the timeout.
        if timer != .header { return .arm(arm(.header)) }
      }
      let parsed = HeadParser(maxBodySize: maxBodySize).parse(
        incoming, from: readIndex, scan: &headScan)
      switch parsed {
      case .incomplete:
        // Only part of a request arrived before the stop, or before the peer's last byte.
        return isWindingDown ? .close : .wait
      case .failed(let error):
        reading = .idle
        return .refuse(error)
      case .complete(let head, let end):
        readIndex = end
        headScan = HeadParser.Scan()
        reading = .idle
        var request: Request
        do throws(HTTPError) {
          request = try Request(
            method: head.method, target: head.target, headers: head.headers, body: [],
            minorVersion: head.minorVersion, peer: peer)
        } catch {
          return .refuse(error)
        }
        request.connectionMemo = memo
        return beginBody(head, request)
      }
    case .body:
      return readBody()
    }
  }

  private mutating func beginBody(_ head: RequestHead, _ request: Request) -> Step {
    switch head.framing {
    case .none:
      reading = .body(head, request, nil)
      return readBody()
    case .length, .chunked:
      let sendContinue = head.expectsContinue && readIndex == incoming.count
      if sendContinue { output.appendText("HTTP/1.1 100 Continue\r\n\r\n") }
      let decoder = head.framing == .chunked ? ChunkedDecoder(maxBodySize: maxBodySize) : nil
      reading = .body(head, request, decoder)
      return .bodyStarted(sendContinue: sendContinue)
    }
  }

  private mutating func readBody() -> Step {
    // Taken out of the state, the request is held only here: its body grows, and then its id
    // and what a proxy says are set, in place rather than in a copy of its fields.
    var taken = Reading.idle
    swap(&taken, &reading)
    guard case .body(let head, var request, let decoder) = consume taken else { return .wait }
    if var chunked = decoder {
      var index = readIndex
      let result = chunked.decode(incoming, index: &index, into: &request.body)
      readIndex = index
      switch result {
      case .needMore:
        // What the decoder has read is let go now, not when the body ends: chunk lines and
        // extensions can be hundreds of raw bytes per byte decoded, and kept they made a body
        // within `maxBodySize` hold a thousand times that. Left is at most a part of one line,
        // kept in a buffer of its own size: a body waiting for its next piece holds no read's
        // worth of room besides its decoded bytes.
        if readIndex > 0 {
          incoming = Array(incoming[readIndex...])
          readIndex = 0
        }
        reading = .body(head, request, chunked)
        return ending == .peerFinished ? .refuse(Self.bodyCutShort) : .wait
      case .failed(let error):
        return .refuse(error)
      case .done:
        break
      }
    } else if case .length(let length) = head.framing {
      guard incoming.count - readIndex >= length else {
        reading = .body(head, request, nil)
        return ending == .peerFinished ? .refuse(Self.bodyCutShort) : .wait
      }
      request.body = Array(incoming[readIndex..<(readIndex + length)])
      readIndex += length
    }
    if readIndex > 64 * 1024 {
      incoming.removeFirst(readIndex)
      readIndex = 0
      headScan = HeadParser.Scan()
    }
    writing = .answering
    return .request(head, request)
  }
}
