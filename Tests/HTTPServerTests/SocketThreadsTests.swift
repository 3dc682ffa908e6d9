import Dispatch
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import MVVMWebServer

/// The threads that wait on the connections' sockets and serve them.
@Suite struct SocketThreadsTests {
  /// `/held` waits for the test to let it go; anything else is answered at once.
  final class Holding: Responder {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    /// Set when the test's fallback lets `/held` go, should the test hang otherwise.
    let releasedByTimeout = Atomic(false)

    func respond(to request: Request) -> Response {
      guard request.path == "/held" else { return .text("\(request.path) answered\n") }
      started.signal()
      release.wait()
      return .text("held answered\n")
    }
  }

  /// A client that sends its next request while its first is being answered leaves that
  /// request to the thread answering it: the other thread does not wait on that connection,
  /// and answers another client meanwhile. Then both of the first client's requests are
  /// answered, in order.
  @Test func bytesArrivingDuringALongAnswerHoldNoOtherThread() throws {
    let responder = Holding()
    let server = try startTestServer(responder: responder) { $0.socketThreads = 2 }
    defer { server.shutdown() }
    let held = try TestClient(port: server.port)
    held.send("GET /held HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(responder.started.wait(timeout: .now() + 5) == .success)
    // The second thread is woken for these bytes while the first serves the connection.
    held.send("GET /next HTTP/1.1\r\nHost: a\r\n\r\n")
    usleep(100_000)
    // If that thread waited on the held connection, no thread would answer this one until
    // the release below.
    DispatchQueue.global().asyncAfter(deadline: .now() + 3) {
      responder.releasedByTimeout.store(true, ordering: .relaxed)
      responder.release.signal()
    }
    let other = try TestClient(port: server.port)
    let response = try other.request("GET", "/other")
    #expect(response.text == "/other answered\n")
    let answeredWhileHeld = !responder.releasedByTimeout.load(ordering: .relaxed)
    #expect(answeredWhileHeld)
    responder.release.signal()
    #expect(try held.readResponse().text == "held answered\n")
    #expect(try held.readResponse().text == "/next answered\n")
  }
}
