import Dispatch
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import MVVMWebServer

/// The middleware the app lists, over real sockets: their order, one answering by itself, one
/// changing an answer made later, the built-in ones configured or left out, and what the server
/// still does after them all.
@Suite struct MiddlewareTests {
  /// Adds its name to the request's `X-Trail` on the way in and to the answer's `X-Back` on the
  /// way out.
  struct Trail: Middleware {
    let name: String

    func respond(to request: inout Request, next: Next) -> Response {
      request.headers.add("X-Trail", name)
      var response = next(&request)
      response.amend { [name] in $0.headers.add("X-Back", name) }
      return response
    }
  }

  /// Answers by itself and passes nothing on.
  struct Refuse: Middleware {
    func respond(to request: inout Request, next: Next) -> Response {
      .text("Refused before the app.\n", status: .forbidden)
    }
  }

  /// Sets the request's id before passing it on.
  struct SetID: Middleware {
    let id: String

    func respond(to request: inout Request, next: Next) -> Response {
      request.id = id
      return next(&request)
    }
  }

  /// Echoes the trail the request came with, now or later, and counts what it answered.
  final class TrailEcho: Responder {
    let answered = Atomic(0)

    func respond(to request: Request) -> Response {
      answered.add(1, ordering: .relaxed)
      let trail = request.headers.values(for: "x-trail").joined(separator: ",")
      guard request.path == "/later" else { return .text("trail: \(trail)\n") }
      return .later { complete in
        DispatchQueue.global().async { complete(.text("later, trail: \(trail)\n")) }
      }
    }
  }

  private func values(_ name: String, in response: TestResponse) -> [String] {
    response.headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
  }

  @Test func theFirstListedSeesTheRequestFirstAndTheAnswerLast() throws {
    let server = try startTestServer(responder: TrailEcho()) {
      $0.middleware = [Trail(name: "first"), Trail(name: "second")]
    }
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/")
    #expect(response.status == 200)
    #expect(response.text == "trail: first,second\n")
    #expect(values("X-Back", in: response) == ["second", "first"])
  }

  @Test func oneThatAnswersByItselfRunsNothingAfterIt() throws {
    let responder = TrailEcho()
    let server = try startTestServer(responder: responder) {
      $0.middleware = [Trail(name: "outer"), Refuse(), Trail(name: "inner")]
    }
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/")
    #expect(response.status == 403)
    #expect(response.text == "Refused before the app.\n")
    #expect(values("X-Back", in: response) == ["outer"])
    #expect(responder.answered.load(ordering: .relaxed) == 0)
  }

  /// An answer made later is changed once it is made, by every middleware on its way back.
  @Test func anAnswerMadeLaterIsChangedWhenItIsMade() throws {
    let server = try startTestServer(responder: TrailEcho()) {
      $0.middleware = [Trail(name: "first"), Trail(name: "second")]
    }
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/later")
    #expect(response.status == 200)
    #expect(response.text == "later, trail: first,second\n")
    #expect(values("X-Back", in: response) == ["second", "first"])
  }

  @Test func anAppWithoutAHealthCheckAnswersHealthzItself() throws {
    let server = try startTestServer(responder: testRouter()) {
      $0.middleware = [RequestIDMiddleware(), Compression()]
    }
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/healthz")
    #expect(response.status == 404)
    #expect(response.text == "404 Not Found\n\nThere is no page at this address.\n")
  }

  /// A health check at a path of the app's choosing; without `RequestIDMiddleware` no request
  /// has an id, so no answer carries one.
  @Test func aHealthCheckAtAnotherPath() throws {
    let server = try startTestServer(responder: testRouter()) {
      $0.middleware = [HealthCheck(path: "/alive")]
    }
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let alive = try client.request("GET", "/alive")
    #expect(alive.status == 200)
    #expect(alive.text == "ok")
    #expect(alive.header("Cache-Control") == "no-store")
    #expect(alive.header("X-Request-Id") == nil)
    let posted = try client.request("POST", "/alive")
    #expect(posted.status == 405)
    #expect(posted.header("Allow") == "GET, HEAD")
    #expect(posted.text == "/alive answers GET and HEAD only.\n")
    let healthz = try client.request("GET", "/healthz")
    #expect(healthz.status == 404)
    #expect(healthz.text == "404 Not Found\n\nThere is no page at this address.\n")
    #expect(healthz.header("X-Request-Id") == nil)
  }

  /// Once the server has begun to stop, a probe already on its way is answered 503 `draining`.
  @Test func theHealthCheckSaysDrainingWhileTheServerStops() throws {
    final class Held: Responder {
      let started = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)

      func respond(to request: Request) -> Response {
        .later { [self] complete in
          started.signal()
          DispatchQueue.global().async { [self] in
            release.wait()
            complete(.text("released\n"))
          }
        }
      }
    }
    let responder = Held()
    let server = try startTestServer(responder: responder)
    let client = try TestClient(port: server.port)
    client.send(
      "GET /held HTTP/1.1\r\nHost: localhost\r\n\r\n"
        + "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
    #expect(responder.started.wait(timeout: .now() + 5) == .success)
    let drained = DispatchSemaphore(value: 0)
    server.shutdown { drained.signal() }
    responder.release.signal()
    let held = try client.readResponse()
    #expect(held.status == 200)
    #expect(held.text == "released\n")
    let probe = try client.readResponse()
    #expect(probe.status == 503)
    #expect(probe.text == "draining")
    #expect(probe.header("Connection") == "close")
    #expect(client.isClosedByPeer())
    shutdown(client.fd, Int32(SHUT_WR))  // Ends the server's lingering read at once.
    #expect(drained.wait(timeout: .now() + 5) == .success)
  }

  /// An id set before `RequestIDMiddleware` (a proxy's) is kept; one set after it replaces the
  /// one it made. Either way the answer and the access line carry the id the request ended with.
  @Test func theIdTheMiddlewareLeaveIsTheOneWrittenAndLogged() throws {
    let log = CapturedLog()
    let server = try startTestServer(responder: testRouter()) {
      $0.logger = log.logger()
      $0.middleware = [SetID(id: "from-the-proxy"), RequestIDMiddleware()]
    }
    defer { server.shutdown() }
    let kept = try TestClient(port: server.port).request("GET", "/hello")
    #expect(kept.header("X-Request-Id") == "from-the-proxy")
    #expect(eventually { log.all.count == 1 })
    let line = try #require(log.all.first)
    let pattern =
      /\S+Z info GET \/hello 200 13 \d+\.\d{3}ms client=127.0.0.1 host=localhost request-id=from-the-proxy\n/
    #expect(line.wholeMatch(of: pattern) != nil)

    let replacing = try startTestServer(responder: testRouter()) {
      $0.middleware = [RequestIDMiddleware(), SetID(id: "chosen-later")]
    }
    defer { replacing.shutdown() }
    let replaced = try TestClient(port: replacing.port).request("GET", "/own-id")
    #expect(values("X-Request-Id", in: replaced) == ["chosen-later"])
  }

  @Test func theRequestPreparersIdIsKept() throws {
    let server = try startTestServer(responder: testRouter()) {
      $0.requestPreparer = { $0.id = "proxy-7" }
    }
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/hello")
    #expect(response.header("X-Request-Id") == "proxy-7")
  }

  /// An id that would break the head is a bug of ours: a 500 under a fresh id, logged.
  @Test func anIdWithALineBreakIsAnsweredWith500() throws {
    let log = CapturedLog()
    let server = try startTestServer(responder: testRouter()) {
      $0.logger = log.logger()
      $0.logsRequests = false
      $0.middleware = [SetID(id: "a\r\nSet-Cookie: x=1")]
    }
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/hello")
    #expect(response.status == 500)
    #expect(response.text == "Something went wrong on our side. Please try again.\n")
    #expect(response.header("Set-Cookie") == nil)
    let id = try #require(response.header("X-Request-Id"))
    #expect(id.wholeMatch(of: /[0-9a-f]{12}-[0-9a-f]+/) != nil)
    #expect(eventually { log.all.count == 1 })
    let line = try #require(log.all.first)
    #expect(
      line.split(separator: " ", maxSplits: 1).last.map(String.init)
        == #"error GET /hello: the request id "a\r\nSet-Cookie: x=1" holds CR, LF or NUL; "#
        + "answered 500 under a new one request-id=\(id)\n")
  }

  /// The header check comes after every middleware: one that adds an unsafe header gets a 500.
  @Test func anUnsafeHeaderFromAMiddlewareIsAnsweredWith500() throws {
    struct Unsafe: Middleware {
      func respond(to request: inout Request, next: Next) -> Response {
        var response = next(&request)
        response.headers.add("X-Note", "a\nb")
        return response
      }
    }
    let server = try startTestServer(responder: testRouter()) { $0.middleware = [Unsafe()] }
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/hello")
    #expect(response.status == 500)
    #expect(response.header("X-Note") == nil)
  }

  @Test func theStandardListIsRequestIDHealthCheckCompression() throws {
    let standard = ServerConfiguration().middleware
    #expect(standard.count == 3)
    #expect(standard.first is RequestIDMiddleware)
    let health = try #require(standard.dropFirst().first as? HealthCheck)
    #expect(health.path == "/healthz")
    let compression = try #require(standard.last as? Compression)
    #expect(compression.level == 1 && compression.minimumSize == 1024)
  }

  /// The standard list tags a page made later too, and answers 304 to a client that has it.
  @Test func aPageMadeLaterIsTaggedAndRevalidated() throws {
    let page = String(repeating: "<p>a page made later</p>", count: 100)
    struct Later: Responder {
      let page: String
      func respond(to request: Request) -> Response {
        .later { [page] complete in
          DispatchQueue.global().async { complete(.html(Array(page.utf8))) }
        }
      }
    }
    let server = try startTestServer(responder: Later(page: page))
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let first = try client.request("GET", "/")
    #expect(first.text == page)
    #expect(first.header("Vary") == "Accept-Encoding")
    let etag = try #require(first.header("ETag"))
    let again = try client.request("GET", "/", headers: [("If-None-Match", etag)])
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
    #expect(again.header("ETag") == etag)
  }

  @Test func compressionLevelAndMinimumSizeAreTheAppsChoice() throws {
    let server = try startTestServer(responder: testRouter()) {
      $0.middleware = [Compression(level: 9, minimumSize: 12)]
    }
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let hello = try client.request("GET", "/hello", headers: [("Accept-Encoding", "gzip")])
    #expect(hello.header("Content-Encoding") == "gzip")
    #expect(hello.body == Gzip.compress(Array("Hello, World!".utf8), level: 9))
    let short = try client.request("GET", "/items/7", headers: [("Accept-Encoding", "gzip")])
    #expect(short.header("Content-Encoding") == nil)
    #expect(short.text == "item 7")
    #expect(Compression(level: 0, minimumSize: -5).level == 1)
    #expect(Compression(level: 12).level == 9)
    #expect(Compression(minimumSize: -5).minimumSize == 0)
  }

  /// The app names the server's log lines and queues; the default names no app.
  @Test func theLabelIsTheApps() throws {
    #expect(ServerConfiguration().logger.label == "MVVMWebServer")
    #expect(ServerConfiguration(label: "shop").logger.label == "shop")
    let server = HTTPServer(configuration: ServerConfiguration(label: "shop"), responder: Router())
    #expect(server.acceptQueue.label == "shop.accept")
  }
}
