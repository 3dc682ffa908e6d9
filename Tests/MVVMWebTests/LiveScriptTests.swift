import Foundation
import MVVMWeb
import TestSupport
import Testing

/// Every site serves the framework's `live.js` from memory, with no public folder of its own
/// and no file to copy: the bytes of `Sources/MVVMWeb/Live/live.js`, validated and compressed
/// like a static file.
@Suite(.timeLimit(.minutes(2))) struct LiveScriptTests {
  let script: [UInt8]

  init() throws {
    script = [UInt8](
      try Data(
        contentsOf: URL(filePath: #filePath).deletingLastPathComponent()
          .appending(path: "../../Sources/MVVMWeb/Live/live.js").standardized))
  }

  /// A site with no pages, whose public folder is empty and not even served.
  private func serve(_ check: (Int) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "live-script-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try serving(
      Site(SiteConfiguration(templatesDirectory: directory, publicDirectory: directory)), check)
  }

  @Test func theScriptIsServedWithItsValidators() throws {
    try serve { port in
      let client = try TestClient(port: port)
      let response = try client.request("GET", LiveScript.path)
      #expect(response.status == 200)
      #expect(response.body == script)
      #expect(response.header("Content-Type") == "text/javascript; charset=utf-8")
      #expect(response.header("Cache-Control") == "public, max-age=3600")
      #expect(response.header("Last-Modified") == nil)
      let etag = try #require(response.header("ETag"))
      #expect(etag.wholeMatch(of: /"[0-9a-f]{1,16}"/) != nil)

      let again = try client.request("GET", LiveScript.path, headers: [("If-None-Match", etag)])
      #expect(again.status == 304 && again.body.isEmpty)
      let head = try client.request("HEAD", LiveScript.path)
      #expect(head.status == 200 && head.header("ETag") == etag)
    }
  }

  @Test func aBrowserThatTakesGzipGetsTheScriptCompressed() throws {
    try serve { port in
      let response = try TestClient(port: port).request(
        "GET", LiveScript.path, headers: [("Accept-Encoding", "gzip")])
      #expect(response.status == 200)
      #expect(response.header("Content-Encoding") == "gzip")
      #expect(response.header("Vary") == "Accept-Encoding")
      #expect(response.header("ETag")?.hasSuffix("-gz\"") == true)
      #expect(response.body.count < script.count / 2)
      #expect(try gunzip(response.body) == script)
    }
  }

  @Test func theFrameworkPathIsThePathTheLayoutsUse() {
    #expect(LiveScript.path == "/static/mvvmweb/live.js")
  }

  /// `gzip -dc`, a real decompressor rather than our own zlib code.
  private func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(filePath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    let result = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](result)
  }
}
