import Dispatch
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import MVVMWebServer

/// The bytes waiting for all open streams together are held to one budget: past it, the streams
/// furthest behind are dropped first, and the count comes back to zero as streams end.
@Suite(.timeLimit(.minutes(2))) struct StreamBacklogTests {
  @Test func underTheBudgetNoStreamIsDropped() {
    let backlog = StreamBacklog(budget: 1000)
    for _ in 0..<4 { backlog.opened() }
    backlog.add(1000)
    #expect(!backlog.drops(pending: 1000))
  }

  @Test func pastTheBudgetOnlyAStreamBehindItsShareIsDropped() {
    let backlog = StreamBacklog(budget: 1000)
    for _ in 0..<4 { backlog.opened() }
    backlog.add(1001)
    #expect(backlog.drops(pending: 250))
    #expect(!backlog.drops(pending: 249))
    // One stream left alone has the whole budget as its share.
    for _ in 0..<3 { backlog.ended() }
    #expect(!backlog.drops(pending: 999) && backlog.drops(pending: 1000))
    backlog.add(-1001)
    #expect(backlog.bytes == 0 && !backlog.drops(pending: 1000))
  }

  /// Over real sockets, the shared budget alone decides: each stream's own bound is raised past
  /// anything the test writes, so only the budget can drop the reader that stopped reading,
  /// and the readers that keep up stay open and go on receiving.
  @Test func theSharedBudgetDropsTheSlowestReaderAndOnlyIt() throws {
    let flood = StreamTests.Flood()
    let server = try startTestServer(responder: flood.router(chunk: 1024)) { configuration in
      configuration.maxStreamBacklog = 256 * 1024
      configuration.streamLimit = 1 << 30
    }
    defer { server.shutdown() }
    let stalled = try TestClient(port: server.port)
    var small: Int32 = 4096
    setsockopt(stalled.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    stalled.send("GET /flood HTTP/1.1\r\nHost: x\r\n\r\n")
    let readers = try (0..<3).map { _ in try TestClient(port: server.port, timeout: 10) }
    let received = Mutex([Int](repeating: 0, count: readers.count))
    let reading = Atomic(true)
    let done = DispatchGroup()
    for (index, reader) in readers.enumerated() {
      reader.send("GET /flood HTTP/1.1\r\nHost: x\r\n\r\n")
      // Read by this thread alone from here on.
      nonisolated(unsafe) let reader = reader
      DispatchQueue.global().async(group: done) {
        guard (try? reader.readHead().status) == 200 else { return }
        while reading.load(ordering: .relaxed), let chunk = try? reader.readChunk() {
          received.withLock { $0[index] += chunk.count }
        }
      }
    }
    #expect(eventually(within: 60) { flood.ended.withLock { $0 } == 1 })
    // The three that read are still served after the drop.
    let afterDrop = received.withLock { $0 }
    #expect(
      eventually(within: 10) {
        zip(received.withLock { $0 }, afterDrop).allSatisfy { $0 > $1 + 64 * 1024 }
      })
    #expect(flood.ended.withLock { $0 } == 1)
    #expect(server.openConnectionCount == readers.count)
    reading.store(false, ordering: .relaxed)
    for reader in readers { shutdown(reader.fd, Int32(SHUT_RDWR)) }
    done.wait()
  }

  @Test func stalledStreamsAreDroppedAndTheirBytesCountedBackToZero() throws {
    let flood = StreamTests.Flood()
    let server = try startTestServer(responder: flood.router(chunk: 16 * 1024)) { configuration in
      configuration.maxStreamBacklog = 256 * 1024
    }
    defer { server.shutdown() }
    let clients = try (0..<8).map { _ in try TestClient(port: server.port) }
    for client in clients {
      var small: Int32 = 4096
      setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
      client.send("GET /flood HTTP/1.1\r\nHost: x\r\n\r\n")
    }
    // Never read: every stream falls behind and is dropped, and nothing stays counted.
    #expect(eventually(within: 60) { flood.ended.withLock { $0 } == 8 })
    #expect(eventually(within: 30) { server.pipeline.streamBacklog.bytes == 0 })
    #expect(eventually(within: 30) { openSocketCount(localPort: server.port) == 1 })
  }
}
