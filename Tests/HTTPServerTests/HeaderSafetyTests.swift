import Foundation
import MVVMWebServer
import TestSupport
import Testing

/// What reaches the wire as headers is always one header per line, and the `Host` a request
/// names is a host.
@Suite struct HeaderSafetyTests {
  @Test(arguments: ["/next\r\nSet-Cookie: pwned=1", "/next\nX: y", "/next\r", "/a\u{0}b"])
  func aHeaderValueWithCRLFOrNULIsA500AndNeverSent(location: String) throws {
    var router = Router()
    router.get("/go") { _ in .redirect(to: location) }
    router.get("/named") { _ in
      var response = Response.text("x")
      response.headers.add("Bad Name", "value")
      return response
    }
    let server = try startTestServer(responder: router)
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let response = try client.request("GET", "/go")
    #expect(response.status == 500)
    #expect(response.header("Location") == nil)
    #expect(response.header("Set-Cookie") == nil)
    #expect(response.text == "Something went wrong on our side. Please try again.\n")
    #expect(try client.request("GET", "/named").status == 500)
  }

  /// A redirect's `Location` is a URI: a letter outside ASCII, a space, or another byte no URI
  /// holds is percent-encoded (as UTF-8), and the escapes already there are kept.
  @Test func aRedirectsLocationIsPercentEncoded() throws {
    var router = Router()
    router.get("/go") { _ in .redirect(to: "/players/Chloé new?q=a b&x=%41{}") }
    let server = try startTestServer(responder: router)
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/go")
    #expect(response.status == 303)
    #expect(response.header("Location") == "/players/Chlo%C3%A9%20new?q=a%20b&x=%41%7B%7D")
    #expect(Response.redirect(to: "/plain?a=1").headers["location"] == "/plain?a=1")
  }

  /// The answer headers go on every answer the server sends, its own refusal of a request it
  /// could not read included, but a 304; a field that may not go on the wire never does.
  @Test func theAnswerHeadersAreOnEveryAnswerButA304() throws {
    var router = Router()
    router.get("/hello") { _ in .text("hi") }
    router.get("/same") { _ in Response(status: .notModified) }
    let server = try startTestServer(responder: router) {
      $0.answerHeaders = [
        "X-Content-Type-Options": "nosniff", "Bad Name": "x", "X-Split": "a\r\nInjected: 1",
      ]
    }
    defer { server.shutdown() }
    let page = try TestClient(port: server.port).request("GET", "/hello")
    let refusing = try TestClient(port: server.port)
    refusing.send("GET /hello HTTP/1.1\r\nHost: a b\r\n\r\n")
    let refused = try refusing.readResponse()
    #expect(refused.status == 400)
    for response in [page, refused] {
      #expect(response.header("X-Content-Type-Options") == "nosniff")
      #expect(response.header("Bad Name") == nil && response.header("X-Split") == nil)
      #expect(response.header("Injected") == nil)
    }
    let same = try TestClient(port: server.port).request("GET", "/same")
    #expect(same.status == 304 && same.header("X-Content-Type-Options") == nil)
  }

  @Test(arguments: [
    "a, b", "a b", "user@host", "host/path", "", "[::1", "host:", "host:123456", "host:8o",
    "exa\"mple",
  ])
  func anInvalidHostIsA400(host: String) throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send("GET /hello HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 400)
    #expect(
      response.text
        == "The Host header must be one host name or address, with an optional port.\n")
  }

  @Test(arguments: [
    "http:///hello", "http://user@example.com/hello", "http://a,b/hello", "https://:80/hello",
  ])
  func anInvalidAbsoluteFormHostIsA400(target: String) throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send("GET \(target) HTTP/1.1\r\nHost: example.com\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 400)
    #expect(response.text == "The request target's host is empty or not a valid host.\n")
  }

  @Test(arguments: [
    ("example.com", "example.com"), ("example.com:8080", "example.com:8080"),
    ("127.0.0.1:80", "127.0.0.1:80"), ("[::1]:8080", "[::1]:8080"),
    ("my_host.local", "my_host.local"),
  ])
  func validHostsPass(host: String, seen: String) throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send("GET /where HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    #expect(try client.readResponse().text == "\(seen) /where")
  }
}
