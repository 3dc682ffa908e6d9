import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MVVMWebServer

/// Deflate streams are reused between bodies: every body still comes out as a complete gzip file
/// of exactly its bytes, checked with the system's own gzip.
@Suite struct GzipTests {
  /// Text and the text-based formats are compressed, by their media type alone, in any case.
  @Test func onlyTextTypesAreCompressible() {
    let compressible = [
      "text/html; charset=utf-8", "TEXT/CSS", " text/plain ", "application/json",
      "Image/SVG+XML", "application/javascript; charset=utf-8", "application/xml",
      "application/manifest+json",
    ]
    let not = [
      "image/png", "texts/html", "text", "application/jsonx", "application/octet-stream", "",
      ";text/html",
    ]
    #expect(compressible.filter { !Gzip.isCompressible(contentType: $0) } == [])
    #expect(not.filter { Gzip.isCompressible(contentType: $0) } == [])
    #expect(!Gzip.isCompressible(contentType: nil))
  }

  @Test func reusedStreamsCompressEachBodyOnItsOwn() throws {
    let bodies = [
      Array(String(repeating: "MVVMWeb renders pages. ", count: 300).utf8),
      Array("short".utf8),
      (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) },
      Array(String(repeating: "MVVMWeb renders pages. ", count: 300).utf8),
    ]
    for body in bodies {
      let compressed = try #require(Gzip.compress(body, level: 1))
      #expect(Array(compressed.prefix(2)) == [0x1f, 0x8b])
      #expect(try gunzip(compressed) == body)
    }
  }

  /// A page that comes out the same is not deflated again; one with other bytes is, even under
  /// the same hash, and a page over the size limit is never kept.
  @Test func aPageCompressedBeforeIsNotCompressedAgain() throws {
    let kept = RecentlyCompressed()
    var deflated = 0
    func gzip(_ page: [UInt8], hash: UInt64) -> [UInt8]? {
      kept.gzip(page, hash: hash) { page in
        deflated += 1
        return Gzip.compress(page, level: 1)
      }
    }
    let page = Array(String(repeating: "A page of the league. ", count: 300).utf8)
    let first = try #require(gzip(page, hash: 7))
    #expect(try gunzip(first) == page)
    #expect(gzip(Array(page.map { $0 }), hash: 7) == first)  // The same bytes, another array.
    #expect(deflated == 1)

    var changed = page
    changed[100] = UInt8(ascii: "#")
    let second = try #require(gzip(changed, hash: 7))
    #expect(deflated == 2)
    #expect(try gunzip(second) == changed)
    let longer = try #require(gzip(page + [UInt8(ascii: "!")], hash: 7))
    #expect(try gunzip(longer) == page + [UInt8(ascii: "!")] && deflated == 3)
    #expect(gzip(page, hash: 8) == first && deflated == 4)  // Another slot: made again.

    let large = [UInt8](repeating: 65, count: RecentlyCompressed.largestPage + 1)
    _ = gzip(large, hash: 9)
    _ = gzip(large, hash: 9)
    #expect(deflated == 6)
  }

  /// Through the server: a page asked for with gzip twice, changed in between, comes out as the
  /// page of the moment each time.
  @Test func aChangedPageIsNeverSentWithTheGzipOfItsPastSelf() throws {
    final class Changing: Responder {
      let text = Mutex("")
      func respond(to request: Request) -> Response {
        .html(Array(text.withLock { $0 }.utf8))
      }
    }
    let responder = Changing()
    let server = try startTestServer(responder: responder)
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    for word in ["home", "away", "away", "home"] {
      let page = String(repeating: "<p>\(word) side</p>", count: 200)
      responder.text.withLock { $0 = page }
      let response = try client.request("GET", "/", headers: [("Accept-Encoding", "gzip")])
      #expect(response.header("Content-Encoding") == "gzip")
      #expect(try gunzip(response.body) == Array(page.utf8))
    }
  }

  private func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let path = NSTemporaryDirectory() + "mvvmweb-gzip-\(UUID().uuidString.prefix(8)).gz"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return [UInt8](output)
  }
}
