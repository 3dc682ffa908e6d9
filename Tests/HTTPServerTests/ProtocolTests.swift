import Foundation
import Glibc
import MVVMWebServer
import TestSupport
import Testing

@Suite struct ProtocolTests {
  @Test func answersWithDateServerAndContentLength() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let response = try client.request("GET", "/hello")
    #expect(response.status == 200)
    #expect(response.text == "Hello, World!")
    #expect(response.header("Content-Length") == "13")
    #expect(response.header("Server") == "MVVMWeb")
    #expect(response.header("Date")?.hasSuffix(" GMT") == true)
    #expect(response.header("Connection") == nil)
  }

  /// A client may send its requests and then shut its side for writing (a half-close, as
  /// `nc -N` does): its FIN often arrives with the requests, in one event. Each request is still
  /// answered, and then the server closes at once.
  @Test func requestsSentBeforeAHalfCloseAreAnswered() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    for _ in 0..<10 {
      let client = try TestClient(port: server.port)
      client.send(
        "GET /items/1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /echo HTTP/1.1\r\nHost: a\r\n"
          + "Content-Length: 5\r\n\r\nhello")
      shutdown(client.fd, Int32(SHUT_WR))
      #expect(try client.readResponse().text == "item 1")
      // With `Connection: close` when the FIN came with the requests; either way, closed after.
      #expect(try client.readResponse().text == "hello")
      #expect(client.isClosedByPeer())
    }
    #expect(eventually(within: 3) { server.openConnectionCount == 0 })
  }

  /// A body cut short by the sender's last byte can never be completed: a 400 at once, not a
  /// 408 after the body timeout.
  @Test func aBodyCutShortByAHalfCloseIsA400() throws {
    let server = try startTestServer(responder: testRouter()) { $0.bodyTimeout = .seconds(30) }
    defer { server.shutdown() }
    for body in ["Content-Length: 10\r\n\r\nhello", "Transfer-Encoding: chunked\r\n\r\n5\r\nhel"] {
      let client = try TestClient(port: server.port)
      client.send("POST /echo HTTP/1.1\r\nHost: a\r\n" + body)
      shutdown(client.fd, Int32(SHUT_WR))
      let response = try client.readResponse()
      #expect(response.status == 400)
      #expect(response.text == "The request ended before its body was complete.\n")
    }
  }

  @Test func pipelinedRequestsInOnePacketAreAnsweredInOrder() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send(
      "GET /items/1 HTTP/1.1\r\nHost: a\r\n\r\nGET /items/2 HTTP/1.1\r\nHost: a\r\n\r\n"
        + "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET /items/3 HTTP/1.1\r\nHost: a\r\n\r\n"
    )
    #expect(try client.readResponse().text == "item 1")
    #expect(try client.readResponse().text == "item 2")
    #expect(try client.readResponse().text == "hello")
    #expect(try client.readResponse().text == "item 3")
  }

  /// A body too large for the sockets' buffers leaves over several writes, after its head (the
  /// two go out together, the body from where the response left it), and arrives whole, with
  /// the next pipelined answer right after it.
  @Test func aBodyLargerThanTheSocketBuffersArrivesWholeAfterItsHead() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port, timeout: 10)
    client.send("GET /huge HTTP/1.1\r\nHost: a\r\n\r\nGET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
    usleep(300_000)  // Not reading yet: the server fills the buffers and waits for room.
    let huge = try client.readResponse()
    #expect(huge.status == 200 && huge.header("Content-Length") == "8000000")
    // Compared whole, but reported by where it first differs: eight megabytes are no message.
    let firstDifference = huge.body.indices.first { index in
      index >= hugeBody.count || huge.body[index] != hugeBody[index]
    }
    #expect(huge.body.count == hugeBody.count)
    #expect(firstDifference == nil)
    #expect(try client.readResponse().text == "Hello, World!")
  }

  @Test func requestSentOneByteAtATime() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    for byte in "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc".utf8 {
      client.send([byte])
      usleep(500)
    }
    #expect(try client.readResponse().text == "abc")
  }

  @Test func chunkedBodyWithExtensionsAndTrailers() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send(
      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5;name=value\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: dropped\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.text == "hello, world")
    #expect(try client.request("GET", "/items/after").text == "item after")
  }

  @Test func expectContinueGetsAnInterimResponseBeforeTheBody() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send(
      "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
    #expect(try client.readResponse().status == 100)
    client.send("body")
    #expect(try client.readResponse().text == "body")
  }

  @Test func headHasHeadersButNoBody() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let head = try client.request("HEAD", "/hello")
    #expect(head.status == 200)
    #expect(head.header("Content-Length") == "13")
    #expect(head.body.isEmpty)
    #expect(try client.request("GET", "/hello").text == "Hello, World!")
  }

  @Test func http10ClosesUnlessKeepAliveIsAsked() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let plain = try TestClient(port: server.port)
    plain.send("GET /hello HTTP/1.0\r\n\r\n")
    #expect(try plain.readResponse().header("Connection") == "close")
    #expect(plain.isClosedByPeer())

    let keepAlive = try TestClient(port: server.port)
    keepAlive.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    #expect(try keepAlive.readResponse().header("Connection") == "keep-alive")
    keepAlive.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    #expect(try keepAlive.readResponse().status == 200)
  }

  @Test func connectionCloseIsHonoured() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let response = try client.request("GET", "/hello", headers: [("Connection", "close")])
    #expect(response.header("Connection") == "close")
    #expect(client.isClosedByPeer())
  }

  @Test func absoluteFormTargetAndDecodedSegmentsAndQuery() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    #expect(try client.request("GET", "http://example.com/where?x=1").text == "example.com /where")
    #expect(try client.request("GET", "/items/a%20b").text == "item a b")
    #expect(try client.request("GET", "/query?tag=a+b&tag=%C3%A9&other=1").text == "a b,é")
  }

  @Test func streamedResponseIsChunkedAndFlushedAsWritten() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let response = try client.request("GET", "/stream")
    #expect(response.header("Transfer-Encoding") == "chunked")
    #expect(response.header("Content-Length") == nil)
    #expect(response.text == "first,second")
    #expect(try client.request("GET", "/hello").text == "Hello, World!")
  }

  @Test func aStreamEndsBeforeTheConnectionClosesAndHTTP10GetsItUnchunked() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let closing = try TestClient(port: server.port)
    let chunked = try closing.request("GET", "/stream", headers: [("Connection", "close")])
    #expect(chunked.header("Transfer-Encoding") == "chunked")
    #expect(chunked.header("Connection") == "close")
    #expect(chunked.text == "first,second")
    #expect(closing.isClosedByPeer())

    let old = try TestClient(port: server.port)
    old.send("GET /stream HTTP/1.0\r\n\r\n")
    let raw = try old.readResponse()
    #expect(raw.header("Transfer-Encoding") == nil && raw.header("Content-Length") == nil)
    #expect(raw.text == "first,second")
    #expect(old.isClosedByPeer())
  }

  @Test func healthCheck() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/healthz")
    #expect(response.status == 200)
    #expect(response.text == "ok")
    let posted = try TestClient(port: server.port).request("POST", "/healthz")
    #expect(posted.status == 405)
    #expect(posted.header("Allow") == "GET, HEAD")
    #expect(posted.text == "/healthz answers GET and HEAD only.\n")
  }
}
