import Foundation
import Glibc
import TestSupport
import Testing

@testable import MVVMWebServer

/// The static and media files kept in memory: within one byte budget, the least recently
/// served let go first, and a file changed or removed on disk never sent as it was.
@Suite struct FileCacheTests {
  let folder: String

  init() throws {
    folder = NSTemporaryDirectory() + "mvvmweb-cache-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// Writes `bytes` into `name` in place (the same file, not a new one renamed over it).
  func write(_ name: String, _ bytes: [UInt8]) throws {
    let path = folder + "/" + name
    if !FileManager.default.fileExists(atPath: path) {
      FileManager.default.createFile(atPath: path, contents: nil)
    }
    let handle = try FileHandle(forWritingTo: URL(filePath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: bytes)
    try handle.close()
  }

  func serve(
    _ cache: FileCache, _ body: (_ get: (String) throws -> TestResponse) throws -> Void
  )
    throws
  {
    let files = try StaticFiles(root: folder, cache: cache)
    var router = Router()
    router.get("/static/*path") { request in
      files.respond(to: request, segments: request.pathSegments.dropFirst())
    }
    let server = try startTestServer(responder: router)
    defer {
      server.shutdown()
      try? FileManager.default.removeItem(atPath: folder)
    }
    try body { name in try TestClient(port: server.port).request("GET", "/static/" + name) }
  }

  /// Rewritten in place within the same second to the same size, a file is another version by
  /// its nanoseconds: it is sent anew, with another tag.
  @Test func aFileRewrittenInTheSameSecondIsSentAnew() throws {
    try serve(FileCache()) { get in
      try write("note.txt", Array("first".utf8))
      let first = try get("note.txt")
      #expect(first.text == "first")
      try write("note.txt", Array("again".utf8))
      let again = try get("note.txt")
      #expect(again.text == "again")
      #expect(again.header("ETag") != first.header("ETag"))
    }
  }

  @Test func aRemovedFileIsNotFoundAndLetGo() throws {
    let cache = FileCache()
    try serve(cache) { get in
      try write("gone.bin", [UInt8](repeating: 7, count: 5000))
      #expect(try get("gone.bin").body.count == 5000)
      #expect(cache.byteCount == 5000)
      try FileManager.default.removeItem(atPath: folder + "/gone.bin")
      #expect(try get("gone.bin").status == 404)
      #expect(cache.byteCount == 0)
    }
  }

  /// Past the budget the file served least recently goes first; a file larger than the whole
  /// budget is sent and not kept.
  @Test func theBudgetLetsGoOfTheLeastRecentlyServed() throws {
    let cache = FileCache(budget: 3000)
    try serve(cache) { get in
      for name in ["a", "b", "c", "d"] {
        try write(name + ".bin", [UInt8](repeating: UInt8(ascii: "x"), count: 1000))
      }
      try write("big.bin", [UInt8](repeating: 1, count: 3001))
      for name in ["a", "b", "c", "a", "d"] { #expect(try get(name + ".bin").status == 200) }
      #expect(cache.byteCount == 3000)
      let kept = ["a", "b", "c", "d"].filter { name in
        var info = stat()
        let path = folder + "/\(name).bin"
        return stat(path, &info) == 0 && cache.file(at: path, version: FileVersion(info)) != nil
      }
      #expect(kept == ["a", "c", "d"])
      #expect(try get("big.bin").body.count == 3001)
      #expect(cache.byteCount == 3000)
    }
  }
}
