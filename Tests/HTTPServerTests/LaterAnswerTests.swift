import Foundation
import MVVMWebServer
import TestSupport
import Testing

/// An answer made later may be handed over from anywhere: inside `start` itself (on the
/// connection's own queue), from a thread that is not Dispatch's (a store thread), or from a
/// Dispatch worker. Each is sent, once, and the connection goes on to its next request.
@Suite struct LaterAnswerTests {
  /// Answers `/inside` within `start`, `/thread` from a thread of its own, `/worker` from
  /// Dispatch's pool.
  struct Handing: Responder {
    func respond(to request: Request) -> Response {
      let path = request.path
      return .later { complete in
        let answer = Response.text("\(path) answered\n")
        switch path {
        case "/inside": complete(answer)
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
    for path in ["/inside", "/thread", "/worker", "/thread", "/inside", "/worker"] {
      let response = try client.request("GET", path)
      #expect(response.status == 200)
      #expect(response.text == "\(path) answered\n")
    }
  }

  /// Pipelined: the requests behind an answer made later wait for it, and come out in order.
  @Test func pipelinedRequestsBehindLaterAnswersKeepTheirOrder() throws {
    let server = try startTestServer(responder: Handing())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let paths = ["/thread", "/inside", "/worker", "/thread"]
    client.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: localhost\r\n\r\n" }.joined())
    for path in paths {
      #expect(try client.readResponse().text == "\(path) answered\n")
    }
  }
}
