import Foundation
import MVVMWebServer
import TestSupport
import Testing

@Suite struct StaticFilesTests {
  let folder: String
  let outside: String
  let server: HTTPServer

  init() throws {
    let base = NSTemporaryDirectory() + "mvvmweb-static-\(UUID().uuidString.prefix(8))"
    folder = base + "/public"
    outside = base + "/secret.txt"
    try FileManager.default.createDirectory(
      atPath: folder + "/css", withIntermediateDirectories: true)
    try String(repeating: "body { color: black; }\n", count: 100).write(
      toFile: folder + "/css/app.css", atomically: true, encoding: .utf8)
    try "0123456789".write(toFile: folder + "/digits.txt", atomically: true, encoding: .utf8)
    try "top secret".write(toFile: outside, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/escape.txt", withDestinationPath: outside)
    let files = try StaticFiles(root: folder)
    var router = Router()
    router.get("/static/*path") { request in
      files.respond(to: request, segments: request.pathSegments.dropFirst())
    }
    server = try startTestServer(responder: router)
  }

  @Test func servesWithTypeValidatorsAndCaching() throws {
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let file = try client.request("GET", "/static/css/app.css")
    #expect(file.status == 200)
    #expect(file.header("Content-Type") == "text/css; charset=utf-8")
    #expect(file.header("Cache-Control") == "public, max-age=3600")
    #expect(file.body.count == 2300)
    let etag = try #require(file.header("ETag"))
    #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
    let lastModified = try #require(file.header("Last-Modified"))
    #expect(
      try client.request("GET", "/static/css/app.css", headers: [("If-None-Match", etag)]).status
        == 304)
    #expect(
      try client.request(
        "GET", "/static/css/app.css", headers: [("If-Modified-Since", lastModified)]
      ).status == 304)
    let gzipped = try client.request(
      "GET", "/static/css/app.css", headers: [("Accept-Encoding", "gzip")])
    #expect(gzipped.header("Content-Encoding") == "gzip")
    #expect(gzipped.header("ETag") != etag)
    #expect(Array(gzipped.body.prefix(2)) == [0x1f, 0x8b])
  }

  @Test func singleByteRanges() throws {
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let middle = try client.request("GET", "/static/digits.txt", headers: [("Range", "bytes=2-4")])
    #expect(middle.status == 206)
    #expect(middle.text == "234")
    #expect(middle.header("Content-Range") == "bytes 2-4/10")
    #expect(
      try client.request("GET", "/static/digits.txt", headers: [("Range", "bytes=-3")]).text
        == "789")
    #expect(
      try client.request("GET", "/static/digits.txt", headers: [("Range", "bytes=7-")]).text
        == "789")
    let outside = try client.request(
      "GET", "/static/digits.txt", headers: [("Range", "bytes=10-20")])
    #expect(outside.status == 416)
    #expect(outside.header("Content-Range") == "bytes */10")
  }

  @Test(arguments: [
    "/static/../secret.txt", "/static/%2e%2e/secret.txt", "/static/css%2f..%2f..%2fsecret.txt",
    "/static/digits.txt%00.css", "/static/escape.txt", "/static/css", "/static/missing.txt",
    "/static/.hidden",
  ])
  func nothingOutsideTheFolderIsEverServed(path: String) throws {
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", path)
    #expect(response.status == 404)
    #expect(!response.text.contains("top secret"))
  }
}
