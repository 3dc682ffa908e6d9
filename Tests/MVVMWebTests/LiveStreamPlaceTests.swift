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

  /// Reads of the page's view model: begun, and ended; slow until `slow` is cleared.
  final class Reads: Sendable {
    let begun = Atomic(0)
    let ended = Atomic(0)
    let slow = Atomic(true)
  }

  /// Serves a site whose one live page, `/slow`, reads the store for `readTime` (on `readers`
  /// threads) before its stream may open, with `maxStreams` places; `body` gets the server.
  func serve(
    maxStreams: Int, readers: Int = 4, readTime: Duration, answerTimeout: Duration = .seconds(30),
    reads: Reads, gate: DispatchSemaphore? = nil, _ body: (HTTPServer) throws -> Void
  ) throws {
    let directory = try SlowPage.templatesFolder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var site = Site(
      SiteConfiguration(
        templatesDirectory: directory, live: LiveSettings(maxStreams: maxStreams)))
    site.metricsPage()
    let data = StoreWork(
      executor: StoreExecutor(readers: readers, writers: 1, deadline: .seconds(20)),
      metrics: site.configuration.metrics)
    site.page(Route("/slow"), SlowPage.self, store: data, following: [.slow]) { _ in
      reads.begun.add(1, ordering: .relaxed)
      defer { reads.ended.add(1, ordering: .relaxed) }
      if let gate {
        gate.wait()
      } else if reads.slow.load(ordering: .relaxed) {
        Thread.sleep(forTimeInterval: Self.seconds(readTime))
      }
      return SlowViewModel()
    }
    let website = try site.build()
    var configuration = try website.serverConfiguration(address: .tcp(host: "127.0.0.1", port: 0))
    configuration.answerTimeout = answerTimeout
    configuration.logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    let server = HTTPServer(configuration: configuration, responder: website)
    try server.start()
    defer { server.shutdown() }
    try body(server)
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  /// Every place is free: `/metrics` counts no open stream, and `count` streams open at once
  /// (their reads quick now).
  func expectAllPlacesFree(_ server: HTTPServer, count: Int, _ reads: Reads) throws {
    reads.slow.store(false, ordering: .relaxed)
    let metrics = try TestClient(port: server.port).request("GET", "/metrics").text
    #expect(metrics.split(separator: "\n").contains("http_open_streams 0.0"), "\(metrics)")
    let streams = try (0..<count).map { _ in try TestClient(port: server.port, timeout: 10) }
    for stream in streams {
      stream.send(Self.streamRequest)
      #expect(try stream.readHead().status == 200)
    }
  }

  /// Sends the stream request, waits for its read to begin, and resets the connection.
  func resetDuringTheRead(_ server: HTTPServer, _ reads: Reads) throws {
    let before = reads.begun.load(ordering: .relaxed)
    let client = try TestClient(port: server.port)
    client.send(Self.streamRequest)
    #expect(eventually { reads.begun.load(ordering: .relaxed) > before })
    var reset = linger(l_onoff: 1, l_linger: 0)
    setsockopt(client.fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
  }  // Closed here: with SO_LINGER 0, a reset.

  @Test func streamsResetWhileTheirReadRunsTakeNoPlace() throws {
    let reads = Reads()
    try serve(maxStreams: 4, readTime: .milliseconds(20), reads: reads) { server in
      for _ in 0..<500 { try resetDuringTheRead(server, reads) }
      #expect(eventually(within: 30) { reads.ended.load(ordering: .relaxed) == 500 })
      try expectAllPlacesFree(server, count: 4, reads)
    }
  }

  @Test func streamsWhoseAnswerTimedOutDuringTheReadTakeNoPlace() throws {
    let reads = Reads()
    try serve(
      maxStreams: 4, readers: 16, readTime: .milliseconds(150),
      answerTimeout: .milliseconds(50), reads: reads
    ) { server in
      for batch in 1...10 {
        let clients = try (0..<50).map { _ in try TestClient(port: server.port) }
        for client in clients { client.send(Self.streamRequest) }
        for client in clients {
          let answer = try client.readResponse()
          #expect(answer.status == 503)
          #expect(
            answer.text == "The server took too long to answer. Please try again in a moment.\n")
        }
        // Each read ends, its answer dropped, before the next fifty: a queue of reads growing
        // past the lane's bound would answer the busy page at once instead.
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
    let gate = DispatchSemaphore(value: 0)
    try serve(maxStreams: 4, readTime: .zero, reads: reads, gate: gate) { server in
      let client = try TestClient(port: server.port)
      client.send(Self.streamRequest)
      #expect(eventually { reads.begun.load(ordering: .relaxed) == 1 })
      let stopped = DispatchSemaphore(value: 0)
      let started = Date()
      server.shutdown { stopped.signal() }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { gate.signal() }
      #expect(try client.readHead().status == 200)
      #expect(try client.readChunk() == nil)  // Ended: its last chunk.
      shutdown(client.fd, Int32(SHUT_RDWR))  // As the browser does, to reconnect elsewhere.
      #expect(stopped.wait(timeout: .now() + 5) == .success)
      #expect(Date().timeIntervalSince(started) < 1)  // The drain deadline is 10 s.
    }
  }
}
