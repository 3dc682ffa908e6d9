import Testing

@testable import MVVMWebServer

/// The connection's protocol state, without a socket (`StateDriver` plays the connection): every
/// state meets every event in a table, and random sequences of events keep its invariants.
@Suite struct ConnectionStateTests {
  static let get = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
  static let getClose = "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"

  /// The states a connection can be in, each reached by the events that lead there.
  enum Start: String, CaseIterable, CustomStringConvertible {
    case idle, head, body, answering, sending, awaiting, streaming, closing, lingering, draining
    case closed
    var description: String { rawValue }

    var driver: StateDriver {
      var driver = StateDriver()
      switch self {
      case .idle: break
      case .head: driver.peerSends("GET / HT")
      case .body: driver.peerSends("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nab")
      case .answering:
        driver.mode = { _ in .manual }
        driver.peerSends(ConnectionStateTests.get)
      case .sending:
        driver.room = 10
        driver.peerSends(ConnectionStateTests.get)
      case .awaiting:
        driver.mode = { _ in .later }
        driver.peerSends(ConnectionStateTests.get)
      case .streaming:
        driver.mode = { _ in .stream }
        driver.peerSends(ConnectionStateTests.get)
      case .closing:
        driver.room = 10
        driver.peerSends(ConnectionStateTests.getClose)
      case .lingering: driver.peerSends(ConnectionStateTests.getClose)
      case .draining: driver.drain()
      case .closed: driver.close()
      }
      driver.mode = { _ in .now }
      return driver
    }
  }

  /// What can happen to a connection.
  enum Event: String, CaseIterable, CustomStringConvertible {
    case request, partialHead, peerCloses, writable, answerNow, answerLater, answerArrives
    case streamChunk, streamEnd, timer, drain, reset
    var description: String { rawValue }

    /// Applies the event; returns false when the state refuses it.
    func apply(to driver: inout StateDriver) -> Bool {
      switch self {
      case .request: driver.peerSends(ConnectionStateTests.get)
      case .partialHead: driver.peerSends("GET /x HTTP/1.1\r\nHo")
      case .peerCloses: driver.peerCloses()
      case .writable: driver.writable()
      case .answerNow:
        let head = RequestHead(
          method: .get, target: "/", minorVersion: 1, headers: [:], framing: .none,
          keepAlive: true, expectsContinue: false)
        return driver.state.answer(
          .text("x"), body: [], to: head, requestID: "9", keepAlive: true, serverName: "T")
      case .answerLater: return driver.state.awaitAnswer() != nil
      case .answerArrives:
        guard driver.state.isAwaiting else { return false }
        driver.answerArrives()
      case .streamChunk:
        guard driver.state.isStreaming else { return false }
        driver.streamChunk(10)
      case .streamEnd:
        guard driver.state.isStreaming else { return false }
        driver.streamEnds()
      case .timer:
        guard driver.state.timer != nil else { return false }
        driver.timerFires()
      case .drain: driver.drain()
      case .reset: driver.close()
      }
      return true
    }
  }

  /// Each state, as `StateDriver.summary` tells it, then each event's outcome from it: the state
  /// after it, or `refused` when the state takes no such event there.
  static let table: [Start: (String, [Event: String])] = [
    .idle: (
      "idle/idle/open header",
      [
        .request: "idle/idle/open idle [1]",
        .partialHead: "head/idle/open header",
        .peerCloses: "idle/closed/peerFinished nil",
        .writable: "idle/idle/open header",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "refused",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "idle/closed/open nil",
        .drain: "idle/idle/draining grace",
        .reset: "idle/closed/open nil",
      ]
    ),
    .head: (
      "head/idle/open header",
      [
        .request: "idle/lingering/open linger",
        .partialHead: "head/idle/open header",
        .peerCloses: "head/closed/peerFinished nil",
        .writable: "head/idle/open header",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "refused",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "head/lingering/open linger",
        .drain: "head/idle/draining header",
        .reset: "head/closed/open nil",
      ]
    ),
    .body: (
      "body/idle/open bodyStart",
      [
        .request: "idle/lingering/open linger [1]",
        .partialHead: "head/idle/open header [1]",
        .peerCloses: "body/closed/peerFinished nil",
        .writable: "body/idle/open bodyStart",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "refused",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "body/lingering/open linger",
        .drain: "body/idle/draining bodyStart",
        .reset: "body/closed/open nil",
      ]
    ),
    .answering: (
      "idle/answering/open header",
      [
        .request: "idle/answering/open header",
        .partialHead: "idle/answering/open header",
        .peerCloses: "idle/answering/peerFinished header",
        .writable: "idle/answering/open header",
        .answerNow: "idle/sending/open header",
        .answerLater: "idle/awaiting/open answer",
        .answerArrives: "refused",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "idle/closed/open nil",
        .drain: "idle/answering/draining header",
        .reset: "idle/closed/open nil",
      ]
    ),
    .sending: (
      "idle/sending/open write",
      [
        .request: "idle/sending/open write",
        .partialHead: "idle/sending/open write",
        .peerCloses: "idle/sending/peerFinished write",
        .writable: "idle/idle/open idle [1]",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "refused",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "idle/closed/open nil",
        .drain: "idle/sending/draining write",
        .reset: "idle/closed/open nil",
      ]
    ),
    .awaiting: (
      "idle/awaiting/open answer",
      [
        .request: "idle/awaiting/open answer",
        .partialHead: "idle/awaiting/open answer",
        .peerCloses: "idle/awaiting/peerFinished answer",
        .writable: "idle/awaiting/open answer",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "idle/idle/open idle [1]",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "idle/idle/open idle [1]",
        .drain: "idle/awaiting/draining answer",
        .reset: "idle/closed/open nil",
      ]
    ),
    .streaming: (
      "idle/streaming/open write [1]",
      [
        .request: "idle/streaming/open write [1]",
        .partialHead: "idle/streaming/open write [1]",
        .peerCloses: "idle/closed/open nil [1]",
        .writable: "idle/streaming/open write [1]",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "refused",
        .streamChunk: "idle/streaming/open write [1]",
        .streamEnd: "idle/idle/open idle [1]",
        .timer: "idle/streaming/open stream [1]",
        .drain: "idle/lingering/draining linger [1]",
        .reset: "idle/closed/open nil [1]",
      ]
    ),
    .closing: (
      "idle/closing/open write",
      [
        .request: "idle/closing/open write",
        .partialHead: "idle/closing/open write",
        .peerCloses: "idle/closing/peerFinished write",
        .writable: "idle/lingering/open linger [1]",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "refused",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "idle/closed/open nil",
        .drain: "idle/closing/draining write",
        .reset: "idle/closed/open nil",
      ]
    ),
    .lingering: (
      "idle/lingering/open linger [1]",
      [
        .request: "idle/lingering/open linger [1]",
        .partialHead: "idle/lingering/open linger [1]",
        .peerCloses: "idle/closed/open nil [1]",
        .writable: "idle/lingering/open linger [1]",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "refused",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "idle/closed/open nil [1]",
        .drain: "idle/lingering/draining linger [1]",
        .reset: "idle/closed/open nil [1]",
      ]
    ),
    .draining: (
      "idle/idle/draining grace",
      [
        .request: "idle/lingering/draining linger [1]",
        .partialHead: "head/closed/draining nil",
        .peerCloses: "idle/closed/peerFinished nil",
        .writable: "idle/idle/draining grace",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "refused",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "idle/closed/draining nil",
        .drain: "idle/idle/draining grace",
        .reset: "idle/closed/draining nil",
      ]
    ),
    .closed: (
      "idle/closed/open nil",
      [
        .request: "idle/closed/open nil",
        .partialHead: "idle/closed/open nil",
        .peerCloses: "idle/closed/open nil",
        .writable: "idle/closed/open nil",
        .answerNow: "refused",
        .answerLater: "refused",
        .answerArrives: "refused",
        .streamChunk: "refused",
        .streamEnd: "refused",
        .timer: "refused",
        .drain: "idle/closed/open nil",
        .reset: "idle/closed/open nil",
      ]
    ),
  ]

  @Test(arguments: Start.allCases)
  func everyEventFromEveryState(start: Start) throws {
    let (expected, outcomes) = try #require(Self.table[start])
    #expect(Self.outcome(start.driver) == expected, "\(start)")
    for event in Event.allCases {
      var driver = start.driver
      let accepted = event.apply(to: &driver)
      let outcome = accepted ? Self.outcome(driver) : "refused"
      #expect(outcome == outcomes[event], "\(start) × \(event)")
      Self.checkInvariants(driver, "\(start) × \(event)")
    }
  }

  /// The state, its timer, and the ids of the answers written (`closed nil [1]`).
  static func outcome(_ driver: StateDriver) -> String {
    let timer = driver.state.timer.map { "\($0)" } ?? "nil"
    let ids = driver.answeredIDs
    return "\(driver.summary) \(timer)"
      + (ids.isEmpty ? "" : " [\(ids.map(String.init).joined(separator: ", "))]")
  }

  /// The random sequences reach every state of both sides, so the invariants are checked there.
  @Test func randomSequencesReachEveryState() {
    var seen: Set<String> = []
    for seed in 0..<200 {
      var random = SeededRandom(seed: UInt64(seed))
      var driver = StateDriver()
      driver.mode = { index in [.now, .now, .later, .stream][index % 4] }
      for _ in 0..<(20 + random.next(below: 60)) {
        Self.randomEvent(&random, &driver)
        seen.formUnion(driver.summary.split(separator: "/").map(String.init))
      }
    }
    let expected = [
      "idle", "head", "body", "sending", "awaiting", "streaming", "closing", "lingering", "closed",
      "draining", "peerFinished",
    ]
    #expect(expected.allSatisfy(seen.contains), "\(seen)")
  }

  /// The limits are the state's: a head past 32 KiB, a body past the maximum (by its length or
  /// by its chunks), requests piled up behind an answer the peer does not read.
  @Test func aHeadPastItsLimitIsRefusedWith431AndTheConnectionLingers() {
    var driver = StateDriver()
    driver.peerSends("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: 33 * 1024))
    #expect(driver.wireText.hasPrefix("HTTP/1.1 431 "))
    #expect(driver.state.writing == .lingering && driver.state.timer == .linger)
    #expect(driver.requestsRead == 0)
  }

  @Test(arguments: [
    "Content-Length: 70000\r\n\r\n", "Transfer-Encoding: chunked\r\n\r\n11170\r\n",
  ])
  func aBodyPastTheMaximumIsRefusedWith413(framing: String) {
    var driver = StateDriver()
    driver.peerSends("POST / HTTP/1.1\r\nHost: a\r\n" + framing)
    #expect(driver.wireText.hasPrefix("HTTP/1.1 413 "))
    #expect(driver.requestsRead == 0)
  }

  @Test func requestsPipelinedBehindAnUnreadAnswerPauseReadingUntilItIsSent() {
    var driver = StateDriver()
    driver.room = 0
    driver.peerSends(String(repeating: Self.get, count: 3000))
    #expect(driver.state.input == .paused)
    #expect(driver.state.unparsedBytes <= ConnectionState.pipelineLimit + 16 * 1024)
    #expect(!driver.peerBytes.isEmpty)  // The rest waits in the kernel.
    #expect(driver.requestsRead == 1)
    driver.writable()
    #expect(driver.state.input == .reading && driver.peerBytes.isEmpty)
    #expect(driver.answeredIDs == Array(1...3000))
  }

  @Test func aStreamWhoseReaderStopsIsDroppedPastItsLimit() {
    var driver = StateDriver()
    driver.mode = { _ in .stream }
    driver.peerSends(Self.get)
    driver.room = 0
    var chunks = 0
    while !driver.state.isClosed && chunks < 1000 {
      driver.streamChunk(1024)
      chunks += 1
    }
    #expect(driver.state.isClosed && driver.state.timer == nil)
    #expect(chunks > ConnectionState.defaultStreamLimit / 1100 && chunks < 300)
  }

  /// A reader behind on its stream costs what it has still to read: what it has read is let go
  /// as each write goes out, not kept until the stream catches up.
  @Test func aStreamKeepsOnlyWhatItHasNotSent() {
    var driver = StateDriver()
    driver.mode = { _ in .stream }
    driver.peerSends(Self.get)
    driver.room = 0
    driver.streamChunk(100 * 1024)
    let framed = driver.state.output.count
    #expect(framed > 100 * 1024)
    driver.writable(60 * 1024)
    #expect(driver.state.pendingStreamBytes == framed - 60 * 1024)
    #expect(driver.state.output.count == framed - 60 * 1024)
    driver.streamChunk(10)
    driver.writable()
    #expect(driver.state.output.isEmpty && driver.state.pendingStreamBytes == 0)
    #expect(driver.wireText.hasSuffix(String(repeating: "x", count: 10) + "\r\n"))
  }

  /// A body announced with `Expect: 100-continue` gets its `100 Continue` once its head is all
  /// that came, and none when the body came with it.
  @Test func aContinueIsSentOnlyWhenTheBodyHasNotCome() {
    let head = "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
    var waiting = StateDriver()
    waiting.peerSends(head)
    #expect(waiting.wireText == "HTTP/1.1 100 Continue\r\n\r\n")
    #expect(waiting.state.timer == .bodyStart)
    waiting.peerSends("ok")
    #expect(waiting.answeredIDs == [1])
    var sent = StateDriver()
    sent.peerSends(head + "ok")
    #expect(!sent.wireText.contains("100 Continue") && sent.answeredIDs == [1])
  }

  /// A random event for the property test: the peer's bytes (whole requests of every kind, cut
  /// anywhere, or junk), its last byte, room to write, answers made later, stream chunks and ends,
  /// timers, a drain or a reset.
  static func randomEvent(_ random: inout SeededRandom, _ driver: inout StateDriver) {
    let requests = [
      get, getClose, "HEAD / HTTP/1.1\r\nHost: a\r\n\r\n",
      "GET / HTTP/1.0\r\n\r\n",
      "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc",
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
      "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n",
      "xy", "GET / HTTP/1.1\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999\r\n\r\n",
    ]
    switch random.next(below: 14) {
    case 0...4:
      let text = Array(requests[random.next(below: requests.count)].utf8)
      let cut = random.next(below: 3) == 0 ? random.next(below: text.count + 1) : text.count
      driver.peerBytes += text[..<cut]
      driver.readable()
    case 5: driver.peerCloses()
    case 6: driver.writable(random.next(below: 2) == 0 ? .max : random.next(below: 64))
    case 7: driver.room = 0
    case 8: driver.answerArrives()
    case 9: driver.streamChunk(1 + random.next(below: 100))
    case 10: driver.streamEnds()
    case 11: driver.timerFires()
    case 12: driver.drain()
    default: if random.next(below: 4) == 0 { driver.close() } else { driver.timerFires() }
    }
  }

  /// What must hold after every event.
  static func checkInvariants(_ driver: StateDriver, _ context: @autoclosure () -> String) {
    let state = driver.state
    #expect(driver.violations.isEmpty, "\(context()): \(driver.violations)")
    // Answers in request order, one at a time, and only for requests read whole.
    let ids = driver.answeredIDs
    #expect(ids == ids.sorted() && Set(ids).count == ids.count, "\(context()): \(ids)")
    #expect((ids.last ?? 0) <= driver.requestsRead, "\(context())")
    let inFlight = [state.isAwaiting, state.isStreaming, state.writing == .answering]
    #expect(inFlight.filter { $0 }.count <= 1, "\(context())")
    // Buffers within their bounds.
    #expect(state.unparsedBytes <= ConnectionState.pipelineLimit + 16 * 1024, "\(context())")
    #expect(state.writeIndex <= state.output.count + state.outputBody.count, "\(context())")
    if state.isStreaming {
      #expect(state.pendingStreamBytes <= ConnectionState.defaultStreamLimit + 256, "\(context())")
    }
    // A closed connection has no timer left; an open one waiting on the peer has one.
    if state.isClosed { #expect(state.timer == nil, "\(context())") }
    if !state.isClosed && !state.hasPendingOutput && state.writing != .answering {
      #expect(state.timer != nil, "\(context()): \(driver.summary)")
    }
  }

  @Test(arguments: 0..<200)
  func randomSequencesKeepTheInvariants(seed: Int) {
    var random = SeededRandom(seed: UInt64(seed))
    var driver = StateDriver()
    driver.mode = { index in [.now, .now, .later, .stream][index % 4] }
    var events = 0
    for step in 0..<(20 + random.next(below: 60)) {
      Self.randomEvent(&random, &driver)
      events = step
      Self.checkInvariants(driver, "seed \(seed), event \(step)")
    }
    // Every sequence ends: the socket drains, answers made later come, streams end, and the
    // timers that remain fire, until the connection is closed or idle.
    driver.writable()
    driver.answerArrives()
    driver.streamEnds()
    Self.checkInvariants(driver, "seed \(seed), settled after \(events)")
    let quiet =
      driver.state.isClosed
      || (driver.state.writing == .idle && !driver.state.hasPendingOutput)
      || driver.state.writing == .lingering
    #expect(quiet, "seed \(seed): \(driver.summary)")
    for _ in 0..<10 where !driver.state.isClosed { driver.timerFires() }
    #expect(driver.state.isClosed, "seed \(seed): \(driver.summary)")
    Self.checkInvariants(driver, "seed \(seed), closed")
  }
}

/// SplitMix64: a seeded, deterministic source of numbers for the property test.
struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Int(z % UInt64(max(bound, 1)))
  }
}
