import Dispatch
import Foundation
import Glibc
import MVVMWebServer
import Synchronization
import TestSupport
import Testing

/// Streams that stay open (Server-Sent Events): the writer hears when they end, a reader that
/// stops reading is dropped instead of buffered without end, and a shutdown ends them at once.
@Suite struct StreamTests {
  /// A route whose stream writes `chunk` every millisecond until it ends, and counts the ends.
  final class Flood: Sendable {
    let ended = Mutex(0)
    let written = Mutex(0)

    func router(chunk: Int) -> Router {
      var router = Router()
      router.get("/flood") { [self] _ in
        Response(
          headers: ["Content-Type": "text/plain"],
          body: .stream { writer in
            let open = Mutex(true)
            writer.onEnd {
              open.withLock { $0 = false }
              self.ended.withLock { $0 += 1 }
            }
            let bytes = [UInt8](repeating: 0x61, count: chunk)
            let timer = DispatchSource.makeTimerSource()
            timer.schedule(deadline: .now(), repeating: .milliseconds(1))
            timer.setEventHandler {
              guard open.withLock({ $0 }) else {
                timer.cancel()
                return
              }
              writer.write(bytes)
              self.written.withLock { $0 += chunk }
            }
            timer.resume()
          })
      }
      router.get("/quiet") { [self] _ in
        Response(
          headers: ["Content-Type": "text/event-stream"],
          body: .stream { writer in
            writer.write(": open\n\n")
            writer.onEnd { self.ended.withLock { $0 += 1 } }
          })
      }
      return router
    }
  }

  /// A route whose stream the test writes to by hand.
  final class Held: Sendable {
    let writer = Mutex<ResponseWriter?>(nil)

    var router: Router {
      var router = Router()
      router.get("/held") { [self] _ in
        Response(
          headers: ["Content-Type": "text/event-stream"],
          body: .stream { writer in self.writer.withLock { $0 = writer } })
      }
      return router
    }
  }

  /// The bound is on a reader's backlog, not on one event: a live page's element may be larger
  /// than it, and a reader that reads gets it whole, again and again.
  @Test func eventsLargerThanTheLimitReachAReaderWholeAndTheStreamStaysOpen() throws {
    let held = Held()
    let server = try startTestServer(responder: held.router)
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send("GET /held HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readHead().status == 200)
    #expect(eventually { held.writer.withLock { $0 != nil } })
    let writer = try #require(held.writer.withLock { $0 })
    for letter in [UInt8(ascii: "a"), UInt8(ascii: "b")] {
      let event = [UInt8](repeating: letter, count: 400 * 1024)
      writer.write(event)
      #expect(try client.readChunk() == event)
    }
    writer.write(": still open\n\n")
    #expect(try client.readChunk() == Array(": still open\n\n".utf8))
  }

  @Test func aReaderThatStopsReadingIsDroppedAndTheWriterHearsOfIt() throws {
    let flood = Flood()
    let server = try startTestServer(responder: flood.router(chunk: 16 * 1024))
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    var small: Int32 = 4096
    setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    client.send("GET /flood HTTP/1.1\r\nHost: x\r\n\r\n")
    // Never read: the kernel's buffers fill, then the server's bound is passed.
    #expect(eventually(within: 10) { flood.ended.withLock { $0 } == 1 })
    #expect(eventually { openSocketCount(localPort: server.port) == 1 })
    // What was written before the drop is bounded by the limit plus the kernel's buffers.
    #expect(flood.written.withLock { $0 } < 16 * 1024 * 1024)
  }

  @Test func aShutdownEndsOpenStreamsCleanlyAndAtOnce() throws {
    let flood = Flood()
    let server = try startTestServer(responder: flood.router(chunk: 1)) { configuration in
      configuration.drainDeadline = .seconds(30)
    }
    let clients = try (0..<3).map { _ in try TestClient(port: server.port) }
    for client in clients {
      client.send("GET /quiet HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try client.readHead().status == 200)
      #expect(try client.readChunk() == Array(": open\n\n".utf8))
    }
    let started = Date()
    let stopped = DispatchSemaphore(value: 0)
    server.shutdown { stopped.signal() }
    for client in clients {
      #expect(try client.readChunk() == nil)  // The last chunk: the stream ended, not cut.
      #expect(client.isClosedByPeer())
    }
    #expect(stopped.wait(timeout: .now() + 5) == .success)
    #expect(Date().timeIntervalSince(started) < 5)  // Far inside the 30 s drain deadline.
    #expect(flood.ended.withLock { $0 } == 3)
  }

  /// A stream whose answer was being made as the stop began opens after the drain came: it is
  /// ended at once, as those open before it were, rather than holding the stop until the drain
  /// deadline; its producer runs and hears the end, so what it took it gives back.
  @Test func aStreamThatOpensOnceTheStopBeganEndsAtOnce() throws {
    let flood = Flood()
    var router = flood.router(chunk: 1)
    let asked = DispatchSemaphore(value: 0)
    let answer = DispatchSemaphore(value: 0)
    router.get("/later-stream") { _ in
      .later { complete in
        DispatchQueue.global().async {
          asked.signal()
          answer.wait()
          complete(
            Response(
              headers: ["Content-Type": "text/event-stream"],
              body: .stream { writer in
                writer.write(": open\n\n")
                writer.onEnd { flood.ended.withLock { $0 += 1 } }
              }))
        }
      }
    }
    let server = try startTestServer(responder: router) { $0.drainDeadline = .seconds(30) }
    let client = try TestClient(port: server.port)
    client.send("GET /later-stream HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(asked.wait(timeout: .now() + 5) == .success)
    let started = Date()
    let stopped = DispatchSemaphore(value: 0)
    server.shutdown { stopped.signal() }
    answer.signal()
    #expect(try client.readHead().status == 200)
    #expect(try client.readChunk() == nil)  // Ended, not cut: its last chunk.
    shutdown(client.fd, Int32(SHUT_RDWR))  // As a browser's EventSource does, to reconnect.
    #expect(stopped.wait(timeout: .now() + 5) == .success)
    #expect(Date().timeIntervalSince(started) < 1)  // Far inside the 30 s drain deadline.
    #expect(eventually { flood.ended.withLock { $0 } == 1 })
  }

  @Test func aClientThatLeavesEndsItsStream() throws {
    let flood = Flood()
    let server = try startTestServer(responder: flood.router(chunk: 1))
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send("GET /quiet HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readHead().status == 200)
    // Hang up now, not whenever the client object happens to be released.
    shutdown(client.fd, Int32(SHUT_RDWR))
    #expect(eventually { flood.ended.withLock { $0 } == 1 })
  }
}
