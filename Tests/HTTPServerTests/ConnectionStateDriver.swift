@testable import MVVMWebServer

/// Plays `Connection`'s part for a `ConnectionState`, with no socket: the peer's bytes wait in
/// `peerBytes` until read, what is sent goes to `wire`, and the socket has `room` bytes of send
/// buffer. Each request is answered now, later or as a stream, as `mode` says.
struct StateDriver {
  enum Mode { case now, later, stream, manual }

  var state = ConnectionState(maxBodySize: 64 * 1024, peer: .ip("127.0.0.1", port: 0))
  var peerBytes: [UInt8] = []
  var peerFinished = false
  var wire: [UInt8] = []
  var room = Int.max
  var mode: (Int) -> Mode = { _ in .now }
  /// Requests read whole, and answers begun (each names its request by `X-Request-Id`).
  private(set) var requestsRead = 0
  private(set) var answersBegun = 0
  private(set) var awaitedHead: RequestHead?
  private(set) var violations: [String] = []
  private var processing = false

  init() {
    _ = state.start()
  }

  var wireText: String { String(decoding: wire, as: UTF8.self) }

  /// The peer's bytes arrive and the socket says so.
  mutating func peerSends(_ text: String) {
    peerBytes += Array(text.utf8)
    readable()
  }

  mutating func peerCloses() {
    peerFinished = true
    readable()
  }

  /// The socket is readable: read as `Connection.readAvailable` does, 16 KiB at a time.
  mutating func readable() {
    guard state.input == .reading, !state.isClosed else { return }
    var receivedAny = false
    var finished = false
    while !state.isClosed {
      if peerBytes.isEmpty {
        guard peerFinished else { break }
        if state.peerClosed() == .finished {
          finished = true
          break
        }
        close()
        return
      }
      let count = min(peerBytes.count, 16 * 1024)
      let result = state.received(peerBytes[..<count])
      peerBytes.removeFirst(count)
      if case .bytes(true, let atBound) = result {
        receivedAny = true
        if atBound { break }
      }
    }
    guard receivedAny || finished || state.ending == .peerFinished, !state.isClosed else { return }
    _ = state.afterRead()
    let stoppedAtBound = state.unparsedBytes >= ConnectionState.pipelineLimit
    process()
    if state.updateInput() { readable() }
    // Stopped at the bound with bytes still waiting: read on, unless paused.
    if stoppedAtBound && state.input == .reading && !state.isClosed { readable() }
  }

  mutating func process() {
    processing = true
    defer { processing = false }
    while !state.isClosed && !state.isLingering {
      switch state.next() {
      case .wait: return
      case .close:
        close()
        return
      case .refuse(let error):
        refuse(error)
        return
      case .arm: continue
      case .bodyStarted(let sendContinue):
        if sendContinue { flush() }
        _ = state.arm(.bodyStart)
      case .request(let head, _):
        if !state.output.isEmpty || state.isAwaiting || state.isStreaming {
          violations.append("a request was handed over with an answer in flight")
        }
        requestsRead += 1
        answer(head)
      }
    }
  }

  private mutating func answer(_ head: RequestHead) {
    switch mode(requestsRead) {
    case .now:
      answerNow(head)
    case .later:
      awaitedHead = head
      _ = state.awaitAnswer()
    case .manual:
      break  // Left to the test: the state stays `.answering`.
    case .stream:
      answersBegun += 1
      state.openStream(
        Response(body: .stream { _ in }), to: head, requestID: "\(requestsRead)",
        keepAlive: state.keepsAlive(head, serverDraining: false), serverName: "T")
      flush()
    }
  }

  private mutating func answerNow(_ head: RequestHead) {
    answersBegun += 1
    let body = Array("r\(requestsRead)".utf8)
    state.answer(
      .text("r\(requestsRead)"), body: body, to: head, requestID: "\(requestsRead)",
      keepAlive: state.keepsAlive(head, serverDraining: false), serverName: "T")
    flush()
  }

  /// The answer made later comes.
  mutating func answerArrives() {
    guard let head = awaitedHead, state.answerArrived() else { return }
    awaitedHead = nil
    answerNow(head)
    if !processing { process() }
  }

  mutating func streamChunk(_ size: Int) {
    let result = state.streamChunk(Array(repeating: UInt8(ascii: "x"), count: size)) { _ in false }
    if result == .drop { close() } else if result == .send { flush() }
  }

  mutating func streamEnds() {
    if state.endStream() { flush() }
  }

  mutating func refuse(_ error: HTTPError) {
    state.refuse(.text(error.message + "\n", status: error.status), serverName: "T")
    flush()
  }

  /// Writes what fits in `room`, as `Connection.flush` does.
  mutating func flush() {
    guard !state.isClosed else { return }
    while state.hasPendingOutput {
      let pending = state.output + state.outputBody
      let count = min(room, pending.count - state.writeIndex)
      guard count > 0 else { return }  // Blocked: the next readiness event resumes.
      if room != .max { room -= count }
      wire += pending[state.writeIndex..<(state.writeIndex + count)]
      _ = state.wrote(count)
    }
    let next = state.outputSent()
    defer { if state.updateInput() { readable() } }
    switch next {
    case .streaming, .linger: return
    case .close: close()
    case .next: if !processing { process() }
    }
  }

  /// The socket has room again.
  mutating func writable(_ bytes: Int = .max) {
    room = bytes == .max ? .max : (room == .max ? bytes : room + bytes)
    if state.hasPendingOutput { flush() }
    readable()
  }

  mutating func timerFires() {
    guard state.timer != nil, !state.isClosed else { return }
    switch state.timerFired() {
    case .close: close()
    case .answerTimedOut:
      guard let head = awaitedHead, state.answerArrived() else { return }
      awaitedHead = nil
      answerNow(head)
      if !processing { process() }
    case .refuseTimeout: refuse(HTTPError(.requestTimeout, "Too slow."))
    case .rearm: break
    }
  }

  mutating func drain() {
    switch state.drain() {
    case .nothing: break
    case .close: close()
    case .endStream: streamEnds()
    case .read:
      readable()
      _ = state.afterDrainRead()
    }
  }

  mutating func close() {
    _ = state.close()
  }

  /// The request ids of the answers on the wire, in order (`X-Request-Id`).
  var answeredIDs: [Int] {
    wireText.split(separator: "\r\n").compactMap { line in
      line.hasPrefix("X-Request-Id: ") ? Int(line.dropFirst(14)) : nil
    }
  }

  /// The state in a few words: the request side, the answer side, and whether more may come.
  var summary: String {
    let reading =
      switch state.reading {
      case .idle: "idle"
      case .head: "head"
      case .body: "body"
      }
    let writing =
      switch state.writing {
      case .idle: state.hasPendingOutput ? "sending" : "idle"
      case .answering: "answering"
      case .awaiting: "awaiting"
      case .streaming: "streaming"
      case .closing: "closing"
      case .lingering: "lingering"
      case .closed: "closed"
      }
    return "\(reading)/\(writing)/\(state.ending)"
  }
}
