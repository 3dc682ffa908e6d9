import Foundation
import Glibc
import TestSupport
import Testing

@testable import MVVMWebServer

/// A chunked body costs the connection its decoded bytes and no more than a line of its framing,
/// however much framing there is: one-byte chunks each carrying the longest extension allowed
/// are let go as they are decoded, and a longer extension is refused.
@Suite(.timeLimit(.minutes(2))) struct ChunkedBodyBoundTests {
  static let maxBody = 64 * 1024
  /// One decoded byte in 262 raw ones: a size, the longest extension allowed, the byte.
  static let chunk = Array(("1;" + String(repeating: "e", count: 255) + "\r\nx\r\n").utf8)

  @Test func aBodyOfTinyChunksWithLongExtensionsHoldsItsDecodedBytesOnly() throws {
    let server = try startTestServer(responder: testRouter()) {
      $0.maxBodySize = Self.maxBody
    }
    defer { server.shutdown() }
    let client = try TestClient(port: server.port, timeout: 30)
    client.send("POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
    // All but the last chunk: 16 MB of framing for 64,000 bytes, held until the body ends.
    let chunks = 64_000
    let batch = Array(repeating: Self.chunk, count: 1000).flatMap { $0 }
    for _ in 0..<(chunks / 1000) { client.send(batch) }
    #expect(eventually(within: 20) { server.bufferedByteCount >= chunks })
    // The decoded bytes, and at most one read and one pipelining bound's worth of raw input:
    // kept until the end, the framing came to 16 MB.
    let held = server.bufferedByteCount
    #expect(held <= 2 * Self.maxBody, "\(held) bytes held")
    client.send("0\r\n\r\n")
    let echoed = try client.readResponse()
    #expect(echoed.status == 200)
    #expect(echoed.body == Array(repeating: UInt8(ascii: "x"), count: chunks))
    #expect(eventually { server.bufferedByteCount == 0 })
  }

  @Test func aChunkExtensionLongerThanAllowedIsA400() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let longest = "1;" + String(repeating: "e", count: ChunkedDecoder.maxExtensionLength - 1)
    let client = try TestClient(port: server.port)
    client.send(
      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(longest)\r\nx\r\n0\r\n\r\n"
    )
    #expect(try client.readResponse().text == "x")
    let refused = try TestClient(port: server.port)
    refused.send(
      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(longest)e\r\nx\r\n0\r\n\r\n"
    )
    let response = try refused.readResponse()
    #expect(response.status == 400)
    #expect(
      response.text
        == "A chunk extension of the request body is longer than the 256 bytes allowed.\n")
  }

  /// A chunk line has a bound whether or not its end has come.
  @Test(arguments: [true, false])
  func aChunkLineLongerThanAllowedIsA400(ended: Bool) throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let line = String(repeating: "0", count: ChunkedDecoder.maxLineLength) + "1"
    client.send(
      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(line)"
        + (ended ? "\r\nx\r\n0\r\n\r\n" : "0"))
    let response = try client.readResponse()
    #expect(response.status == 400)
    #expect(
      response.text
        == "The chunked request body is malformed (an invalid chunk size or framing).\n")
  }
}
