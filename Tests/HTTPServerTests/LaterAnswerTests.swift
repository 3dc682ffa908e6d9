import Foundation
import Glibc
import MVVMWebServer
import TestSupport
import Testing

/// An answer made later may be handed over from anywhere: inside `start` itself (on the
/// connection's own queue), from an `AnswerThread` (a store thread, which sends it itself, or
/// leaves it to the connection when it comes before `start` is over), from another thread of its
/// own, or from a Dispatch worker. Each is sent, once, and the connection goes on to its next
/// request.
@Suite struct LaterAnswerTests {
  /// Answers `/inside` within `start`, `/store` from an `AnswerThread`, `/quick` from one that
  /// answers before `start` returns (a store read quicker than the rest of the request's turn),
  /// `/thread` from a thread of its own, `/worker` from Dispatch's pool.
  struct Handing: Responder {
    func respond(to request: Request) -> Response {
      let path = request.path
      return .later { complete in
        let answer = Response.text("\(path) answered\n")
        switch path {
        case "/inside": complete(answer)
        case "/store":
          Thread {
            AnswerThread.markCurrent()
            complete(answer)
          }.start()
        case "/quick":
          let answered = DispatchSemaphore(value: 0)
          Thread {
            AnswerThread.markCurrent()
            complete(answer)
            answered.signal()
          }.start()
          answered.wait()
        case "/thread": Thread { complete(answer) }.start()
        default: DispatchQueue.global().async { complete(answer) }
        }
      }
    }
  }

  @Test func everyWayOfHandingOverIsSentOnOneConnection() throws {
    let server = try startTestServer(responder: Handing())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    for path in [
      "/inside", "/store", "/quick", "/thread", "/worker", "/store", "/inside", "/quick",
    ] {
      let response = try client.request("GET", path)
      #expect(response.status == 200)
      #expect(response.text == "\(path) answered\n")
    }
  }

  /// Pipelined: the requests behind an answer made later wait for it, and come out in order;
  /// those behind one a store thread sent are answered on the connection's own turn.
  @Test func pipelinedRequestsBehindLaterAnswersKeepTheirOrder() throws {
    let server = try startTestServer(responder: Handing())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let paths = ["/store", "/thread", "/quick", "/store", "/inside", "/worker", "/quick", "/store"]
    client.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: localhost\r\n\r\n" }.joined())
    for path in paths {
      #expect(try client.readResponse().text == "\(path) answered\n")
    }
  }

  /// The peer's last byte came with its requests: each is answered, the last by a store
  /// thread, and then the connection closes.
  @Test func aHalfCloseBehindAStoreAnswerClosesOnceItIsSent() throws {
    let server = try startTestServer(responder: Handing())
    defer { server.shutdown() }
    for _ in 0..<5 {
      let client = try TestClient(port: server.port)
      client.send(
        "GET /inside HTTP/1.1\r\nHost: a\r\n\r\nGET /store HTTP/1.1\r\nHost: a\r\n\r\n")
      shutdown(client.fd, Int32(SHUT_WR))
      #expect(try client.readResponse().text == "/inside answered\n")
      #expect(try client.readResponse().text == "/store answered\n")
      #expect(client.isClosedByPeer())
    }
    #expect(eventually(within: 3) { server.openConnectionCount == 0 })
  }

  /// An async handler whose answer is itself made later (as a store read's is) sends that
  /// answer, not a 500 for an answer made later twice.
  @Test func anAsyncHandlersLaterAnswerIsAwaitedInTurn() throws {
    var router = Router()
    router.get("/nested") { request async throws in
      try await Task.sleep(for: .milliseconds(1))
      return Handing().respond(to: request)
    }
    router.get("/store") { request async in Handing().respond(to: request) }
    let server = try startTestServer(responder: router)
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    for path in ["/nested", "/store", "/nested"] {
      let response = try client.request("GET", path)
      #expect(response.status == 200)
      #expect(response.text == "\(path) answered\n")
    }
  }
}
