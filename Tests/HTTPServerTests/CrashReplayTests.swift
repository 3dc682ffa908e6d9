import Foundation
import MVVMWebServer
import TestSupport
import Testing

/// Requests that once killed the whole process with a Swift trap, replayed through a real
/// socket: each gets the answer the RFC asks for, and the server still answers afterwards.
@Suite struct CrashReplayTests {
  let server: HTTPServer

  init() throws {
    let folder = NSTemporaryDirectory() + "mvvmweb-crash-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "0123456789".write(toFile: folder + "/digits.txt", atomically: true, encoding: .utf8)
    let files = try StaticFiles(root: folder)
    var router = testRouter()
    router.get("/static/*path") { request in
      files.respond(to: request, segments: request.pathSegments.dropFirst())
    }
    server = try startTestServer(responder: router)
  }

  /// Sends one request with one extra header and returns the answer, then proves the process
  /// is still serving.
  private func send(_ path: String, _ header: (String, String)) throws -> TestResponse {
    let response = try TestClient(port: server.port).request("GET", path, headers: [header])
    #expect(try TestClient(port: server.port).request("GET", "/hello").text == "Hello, World!")
    return response
  }

  @Test(arguments: [";", "br,;", ",;,", ";q=0", "gzip;;"])
  func acceptEncodingWithoutACodingIsNoCoding(value: String) throws {
    defer { server.shutdown() }
    let response = try send("/big", ("Accept-Encoding", value))
    #expect(response.status == 200)
    #expect(response.header("Content-Encoding") == (value == "gzip;;" ? "gzip" : nil))
  }

  @Test(arguments: [
    "Sun, 06 Nov 99999999999 08:49:37 GMT", "Sun, 99999999999 Nov 1994 08:49:37 GMT",
    "Sun, 06 Nov 1994 99999999999:49:37 GMT", "Sun, 06 Nov -9223372036854775808 08:49:37 GMT",
    "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
    "Sun, 6 Nov 1994 08:49:37 GMT",
  ])
  func unparseableIfModifiedSinceIsIgnored(value: String) throws {
    defer { server.shutdown() }
    let response = try send("/static/digits.txt", ("If-Modified-Since", value))
    #expect(response.status == 200)
    #expect(response.text == "0123456789")
  }

  @Test(arguments: [
    ("bytes=0-9223372036854775807", 206, "0123456789"),
    ("bytes=0-99999999999999999999999", 206, "0123456789"),
    ("bytes=-9223372036854775807", 206, "0123456789"),
    ("bytes=-99999999999999999999999", 206, "0123456789"),
    ("bytes=9223372036854775807-", 416, ""),
    ("bytes=99999999999999999999999-99999999999999999999999", 416, ""),
    ("bytes=3-9223372036854775806", 206, "3456789"),
    ("bytes=+1-2", 200, "0123456789"),
  ])
  func hugeRangePositionsStopAtTheEndOfTheFile(value: String, status: Int, body: String) throws {
    defer { server.shutdown() }
    let response = try send("/static/digits.txt", ("Range", value))
    #expect(response.status == status)
    if status == 206 {
      #expect(response.text == body)
      #expect(response.header("Content-Range") == "bytes \(10 - body.count)-9/10")
    } else if status == 416 {
      #expect(response.header("Content-Range") == "bytes */10")
    }
  }

  @Test func ifModifiedSinceParsesTheRealFormat() throws {
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let future = "Fri, 31 Dec 9999 23:59:59 GMT"
    #expect(
      try client.request("GET", "/static/digits.txt", headers: [("If-Modified-Since", future)])
        .status == 304)
    let past = "Thu, 01 Jan 1970 00:00:00 GMT"
    #expect(
      try client.request("GET", "/static/digits.txt", headers: [("If-Modified-Since", past)])
        .status == 200)
  }
}
