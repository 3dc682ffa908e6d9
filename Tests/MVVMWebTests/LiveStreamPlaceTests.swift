import Dispatch
import Foundation
import Glibc
import Logging
import MVVMWeb
import Synchronization
import TestSupport
import Testing

/// A live stream's place among `maxStreams` belongs to the answer that opens it: taken only as
/// the connection sends that answer, and given back however the stream ends. A stream asked for
/// on a page nobody follows first reads the page's view model on the store's threads; a client
/// that leaves meanwhile, or an answer that times out meanwhile, takes no place, and a stream
/// that opens as the server stops is ended at once.
@Suite(.timeLimit(.minutes(3)), .serialized) struct LiveStreamPlaceTests {
  static let streamRequest =
    "GET /slow HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"

  /// Reads of the page's view model: begun, and ended. While `held`, each waits for `gate`
  /// before it ends, so a test decides what happens while it runs.
  final class Reads: Sendable {
    let begun = Atomic(0)
    let ended = Atomic(0)
    let held = Atomic(true)
    let gate = DispatchSemaphore(value: 0)

    /// Lets `count` held reads end.
    func release(_ count: Int) {
      for _ in 0..<count { gate.signal() }
    }
  }

  /// Serves a site whose one live page, `/slow`, reads the store (on `readers` threads) before
  /// its stream may open, with `maxStreams` places; `body` gets the server.
  func serve(
    maxStreams: Int, readers: Int = 4, answerTimeout: Duration = .seconds(30), reads: Reads,
    _ body: (HTTPServer) throws -> Void
  ) throws {
    let directory = try SlowPage.templatesFolder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var site = Site(
      SiteConfiguration(
        templatesDirectory: directory, live: LiveSettings(maxStreams: maxStreams)))
    site.metricsPage()
    let data = StoreWork(
      executor: StoreExecutor(readers: readers, writers: 1, deadline: .seconds(60)),
      metrics: site.configuration.metrics)
    site.page(Route("/slow"), SlowPage.self, store: data, following: [.slow]) { _ in
      reads.begun.add(1, ordering: .relaxed)
      defer { reads.ended.add(1, ordering: .relaxed) }
      if reads.held.load(ordering: .relaxed) { reads.gate.wait() }
      return SlowViewModel()
    }
    let website = try site.build()
    var configuration = try website.serverConfiguration(address: .tcp(host: "127.0.0.1", port: 0))
    configuration.answerTimeout = answerTimeout
    configuration.logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    let server = HTTPServer(configuration: configuration, responder: website)
    try server.start()
    defer {
      reads.held.store(false, ordering: .relaxed)
      reads.release(readers)
      server.shutdown()
    }
    try body(server)
  }

  /// Every place is free: `/metrics` counts no open stream, and `count` streams open at once
  /// (their reads no longer held).
  func expectAllPlacesFree(_ server: HTTPServer, count: Int, _ reads: Reads) throws {
    reads.held.store(false, ordering: .relaxed)
    let metrics = try TestClient(port: server.port).request("GET", "/metrics").text
    #expect(metrics.split(separator: "\n").contains("http_open_streams 0.0"), "\(metrics)")
    let streams = try (0..<count).map { _ in try TestClient(port: server.port, timeout: 10) }
    for stream in streams {
      stream.send(Self.streamRequest)
      #expect(try stream.readHead().status == 200)
    }
  }

  /// Sends the stream request, waits for its read to begin, resets the connection, and once
  /// the server has let the connection go, lets the read end.
  func resetDuringTheRead(_ server: HTTPServer, _ reads: Reads, round: Int) throws {
    do {
      let client = try TestClient(port: server.port)
      client.send(Self.streamRequest)
      #expect(eventually { reads.begun.load(ordering: .relaxed) == round })
      var reset = linger(l_onoff: 1, l_linger: 0)
      setsockopt(client.fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
    }  // Closed here: with SO_LINGER 0, a reset.
    #expect(eventually { server.openConnectionCount == 0 })
    reads.release(1)
    #expect(eventually { reads.ended.load(ordering: .relaxed) == round })
  }

  @Test func streamsResetWhileTheirReadRunsTakeNoPlace() throws {
    let reads = Reads()
    try serve(maxStreams: 4, reads: reads) { server in
      for round in 1...500 { try resetDuringTheRead(server, reads, round: round) }
      try expectAllPlacesFree(server, count: 4, reads)
    }
  }

  @Test func streamsWhoseAnswerTimedOutDuringTheReadTakeNoPlace() throws {
    let reads = Reads()
    try serve(maxStreams: 4, readers: 16, answerTimeout: .milliseconds(50), reads: reads) {
      server in
      for batch in 1...10 {
        let clients = try (0..<50).map { _ in try TestClient(port: server.port) }
        for client in clients { client.send(Self.streamRequest) }
        for client in clients {
          let answer = try client.readResponse()
          #expect(answer.status == 503)
          #expect(
            answer.text == "The server took too long to answer. Please try again in a moment.\n")
        }
        // Every answer has timed out: now the reads end, their answers dropped, before the next
        // fifty (a queue of reads past the lane's bound would answer the busy page instead).
        reads.release(50)
        #expect(eventually(within: 30) { reads.ended.load(ordering: .relaxed) == 50 * batch })
      }
      try expectAllPlacesFree(server, count: 4, reads)
    }
  }

  /// SIGTERM (`shutdown`, as `runUntilSignalled` calls it) while a live page's first read runs:
  /// the stream its read answers opens after the stop began, is ended at once, and the server
  /// stops well inside its drain deadline.
  @Test func aStopDuringAPagesFirstReadEndsItsStreamAtOnce() throws {
    let reads = Reads()
    try serve(maxStreams: 4, reads: reads) { server in
      let client = try TestClient(port: server.port)
      client.send(Self.streamRequest)
      #expect(eventually { reads.begun.load(ordering: .relaxed) == 1 })
      let stopped = DispatchSemaphore(value: 0)
      let started = Date()
      server.shutdown { stopped.signal() }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
        reads.release(1)
      }
      #expect(try client.readHead().status == 200)
      #expect(try client.readChunk() == nil)  // Ended: its last chunk.
      shutdown(client.fd, Int32(SHUT_RDWR))  // As the browser does, to reconnect elsewhere.
      #expect(stopped.wait(timeout: .now() + 5) == .success)
      #expect(Date().timeIntervalSince(started) < 1)  // The drain deadline is 10 s.
    }
  }
}
