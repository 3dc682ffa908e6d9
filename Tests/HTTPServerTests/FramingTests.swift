import Foundation
import MVVMWebServer
import TestSupport
import Testing

/// Framing that is lenient in the right places (leading zeros are the same number) and strict
/// in the others (an empty coding, a CR inside a chunk line, Transfer-Encoding in HTTP/1.0).
@Suite struct FramingTests {
  static let refused: [(String, String, Int, String)] = [
    (
      "empty Transfer-Encoding", "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \r\n\r\n",
      400, "The Transfer-Encoding header names no coding."
    ),
    (
      "comma-only Transfer-Encoding",
      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: , ,\r\n\r\n", 400,
      "The Transfer-Encoding header names no coding."
    ),
    (
      "bare CR in a chunk extension",
      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b\rc\r\nhello\r\n0\r\n\r\n",
      400, "The chunked request body is malformed (an invalid chunk size or framing)."
    ),
    (
      "chunk size past Int",
      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffffff\r\n",
      413, "The request body is larger than the 1048576 bytes allowed."
    ),
    (
      "an endless run of empty lines before the request line",
      String(repeating: "\r\n", count: 20_000), 431,
      "The request headers are larger than 32 KiB."
    ),
    (
      "Content-Length past Int",
      "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413,
      "The request body is larger than the 1048576 bytes allowed."
    ),
  ]

  @Test(arguments: refused)
  func refusedWithTheRightStatus(name: String, raw: String, status: Int, message: String) throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send(raw)
    let response = try client.readResponse()
    #expect(response.status == status)
    #expect(response.text == message + "\n")
  }

  @Test func leadingZerosAreTheSameNumber() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send(
      "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 0000000000000000000000005\r\n\r\nhello")
    let length = try client.readResponse()
    #expect(length.status == 200 && length.text == "hello")
    client.send(
      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "00000000000000000005\r\nhello\r\n000000000000000000000\r\n\r\n")
    let chunked = try client.readResponse()
    #expect(chunked.status == 200 && chunked.text == "hello")
  }

  @Test func transferEncodingInHTTP10IsAnsweredThenClosed() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send(
      "POST /echo HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5\r\nhello\r\n0\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 200 && response.text == "hello")
    #expect(response.header("Connection") == "close")
    #expect(client.isClosedByPeer())
  }
}
