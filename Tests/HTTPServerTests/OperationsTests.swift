import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MVVMWebServer

@Suite struct OperationsTests {
  @Test func gracefulShutdownFinishesTheRequestInFlightWithConnectionClose() throws {
    let server = try startTestServer(responder: testRouter())
    let busy = try TestClient(port: server.port)
    let idle = try TestClient(port: server.port)
    #expect(try idle.request("GET", "/hello").status == 200)
    busy.send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\n")
    usleep(100_000)
    let drained = DispatchSemaphore(value: 0)
    server.shutdown { drained.signal() }
    #expect(idle.isClosedByPeer())
    let response = try busy.readResponse()
    #expect(response.text == "done")
    #expect(response.header("Connection") == "close")
    #expect(drained.wait(timeout: .now() + 5) == .success)
    #expect(throws: TestClientError.self) { try TestClient(port: server.port) }
  }

  /// Connections the kernel has accepted but the server has not (the listen queue) are accepted
  /// when it stops and their requests answered, with `Connection: close`: closing the listener
  /// on them would reset them.
  @Test func aStopAnswersTheConnectionsWaitingInTheListenQueue() throws {
    let server = try startTestServer(responder: testRouter())
    // The accept queue is held, so these wait in the listen queue, their requests sent.
    let held = DispatchSemaphore(value: 0)
    server.acceptQueue.async { held.wait() }
    let clients = try (0..<20).map { _ in try TestClient(port: server.port) }
    for client in clients { client.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n") }
    // One more has connected but not sent its request yet: it gets a moment for it.
    let late = try TestClient(port: server.port)
    #expect(server.openConnectionCount == 0)
    let drained = DispatchSemaphore(value: 0)
    server.shutdown { drained.signal() }
    held.signal()
    late.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
    for client in clients + [late] {
      let response = try client.readResponse()
      #expect(response.status == 200)
      #expect(response.text == "Hello, World!")
      #expect(response.header("Connection") == "close")
      #expect(client.isClosedByPeer())
    }
    #expect(drained.wait(timeout: .now() + 5) == .success)
    #expect(throws: TestClientError.self) { try TestClient(port: server.port) }
  }

  @Test func drainDeadlineForceClosesWhatIsLeft() throws {
    let server = try startTestServer(responder: testRouter()) {
      $0.drainDeadline = .milliseconds(100)
    }
    let stuck = try TestClient(port: server.port)
    stuck.send("GET /hello HTTP/1.1\r\nHost: a\r\n")  // Half a request, never finished.
    usleep(50_000)
    let drained = DispatchSemaphore(value: 0)
    server.shutdown { drained.signal() }
    #expect(drained.wait(timeout: .now() + 3) == .success)
  }

  @Test func gzipWhenAcceptedWithVary() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let plain = try client.request("GET", "/big")
    #expect(plain.header("Content-Encoding") == nil)
    #expect(plain.header("Vary") == "Accept-Encoding")
    #expect(plain.body.count == 4600)
    let compressed = try client.request("GET", "/big", headers: [("Accept-Encoding", "br, gzip")])
    #expect(compressed.header("Content-Encoding") == "gzip")
    #expect(compressed.header("Vary") == "Accept-Encoding")
    #expect(Array(compressed.body.prefix(2)) == [0x1f, 0x8b])
    #expect(compressed.body.count < 300)
    let refused = try client.request("GET", "/big", headers: [("Accept-Encoding", "gzip;q=0")])
    #expect(refused.header("Content-Encoding") == nil)
    let small = try client.request("GET", "/hello", headers: [("Accept-Encoding", "gzip")])
    #expect(small.header("Content-Encoding") == nil)
  }

  @Test func routerAnswers404And405WithAllowAnd500WithoutLeaks() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let missing = try client.request("GET", "/nowhere")
    #expect(missing.status == 404)
    #expect(missing.text == "404 Not Found\n\nThere is no page at this address.\n")
    let wrongMethod = try client.request("DELETE", "/hello")
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.header("Allow") == "GET, HEAD")
    let broken = try client.request("GET", "/boom")
    #expect(broken.status == 500)
    #expect(!broken.text.contains("Failure"))
    let refused = try client.request("GET", "/refuse")
    #expect(refused.status == 400)
    #expect(refused.text.contains("That is not a number."))
  }

  @Test func formBodiesAreDecoded() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    let form = [("Content-Type", "application/x-www-form-urlencoded")]
    #expect(
      try client.request("POST", "/form", headers: form, body: "a=1&b=x+y&a=%C3%A9%26").text
        == "a=1|b=x y|a=é&")
    #expect(try client.request("POST", "/form", headers: form, body: "a=%zz").status == 400)
    #expect(try client.request("POST", "/form", headers: form, body: "a=%ff").status == 400)
    #expect(
      try client.request("POST", "/form", headers: [("Content-Type", "text/plain")], body: "a=1")
        .status == 415)
  }

  @Test func unixSocketReplacesAStaleFileAndIsGroupOnly() throws {
    let path = NSTemporaryDirectory() + "mvvmweb-test-\(UUID().uuidString.prefix(8)).sock"
    // A stale socket file: bound once, never listened on or cleaned up.
    let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    close(stale)
    let server = try startTestServer(responder: testRouter()) { $0.address = .unix(path: path) }
    var info = stat()
    stat(path, &info)
    #expect(info.st_mode & 0o777 == 0o660)
    let response = try TestClient(unixPath: path).request("GET", "/hello")
    #expect(response.text == "Hello, World!")
    #expect(throws: ServerError.addressInUse("The unix socket \(path)")) {
      try startTestServer(responder: testRouter()) { $0.address = .unix(path: path) }
    }
    let drained = DispatchSemaphore(value: 0)
    server.shutdown { drained.signal() }
    _ = drained.wait(timeout: .now() + 3)
    #expect(eventually { !FileManager.default.fileExists(atPath: path) })
  }

  @Test func unixSocketIsGivenToTheNamedGroup() throws {
    let path = NSTemporaryDirectory() + "mvvmweb-group-\(getpid()).sock"
    let server = try startTestServer(responder: testRouter()) {
      $0.address = .unix(path: path, group: "daemon")
    }
    var info = stat()
    stat(path, &info)
    #expect(info.st_gid == getgrnam("daemon")?.pointee.gr_gid)
    #expect(info.st_mode & 0o777 == 0o660)
    server.shutdown()
    #expect(eventually { !FileManager.default.fileExists(atPath: path) })
    #expect(throws: ServerError.cannotListen(path, reason: "there is no group named no-such-group"))
    {
      try startTestServer(responder: testRouter()) {
        $0.address = .unix(path: path, group: "no-such-group")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func portInUseIsAClearError() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let port = server.port
    #expect(throws: ServerError.addressInUse("Port \(port) on 127.0.0.1")) {
      try startTestServer(responder: testRouter()) {
        $0.address = .tcp(host: "127.0.0.1", port: port)
      }
    }
    #expect(
      ServerError.addressInUse("Port 8080 on 127.0.0.1").description
        == "Port 8080 on 127.0.0.1 is already in use: stop the other server or pick another port with --port."
    )
  }

  @Test func accessLineHasTheTimeLevelRequestAndItsId() throws {
    let log = CapturedLog()
    let server = try startTestServer(responder: testRouter()) { $0.logger = log.logger() }
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request(
      "GET", "/items/7?x=1", headers: [("User-Agent", #"curl/8 "quoted""#)])
    #expect(eventually { log.all.count == 1 })
    let id = try #require(response.header("X-Request-Id"))
    #expect(id.wholeMatch(of: /[0-9a-f]{12}-[0-9a-f]+/) != nil)
    let line = try #require(log.all.first)
    let pattern =
      /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z info GET \/items\/7\?x=1 200 6 \d+\.\d{3}ms (.*)\n/
    let match = try #require(line.wholeMatch(of: pattern))
    #expect(
      match.1
        == #"client=127.0.0.1 host=localhost request-id=\#(id) user-agent="curl/8 \"quoted\"""#)
  }

  /// The id is written into every answer's head (a stream's too) by the server, once, in place
  /// of any a handler set: it names the request in the access log, so it must be the one the log
  /// holds.
  @Test func theRequestIdIsTheServersOnlyOne() throws {
    let server = try startTestServer(responder: testRouter())
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    for path in ["/own-id", "/hello", "/stream"] {
      let response = try client.request("GET", path)
      let ids = response.headers.filter { $0.0.lowercased() == "x-request-id" }.map(\.1)
      #expect(ids.count == 1, "\(path)")
      #expect(ids.first?.wholeMatch(of: /[0-9a-f]{12}-[0-9a-f]+/) != nil, "\(path)")
    }
  }

  @Test func jsonLinesAreOneObjectEach() throws {
    let log = CapturedLog()
    let server = try startTestServer(responder: testRouter()) {
      $0.logger = log.logger(format: .json)
    }
    defer { server.shutdown() }
    let response = try TestClient(port: server.port).request("GET", "/hello")
    #expect(eventually { log.all.count == 1 })
    let line = try #require(log.all.first)
    #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
    #expect(object["level"] == "info")
    #expect(object["message"]?.hasPrefix("GET /hello 200 13 ") == true)
    #expect(object["request-id"] == response.header("X-Request-Id"))
    #expect(object["client"] == "127.0.0.1")
    #expect(object["time"]?.hasSuffix("Z") == true)
  }

  @Test func refusedRequestsAreLoggedToo() throws {
    let log = CapturedLog()
    let server = try startTestServer(responder: testRouter()) { $0.logger = log.logger() }
    defer { server.shutdown() }
    let client = try TestClient(port: server.port)
    client.send("GET /hello HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n")
    #expect(try client.readResponse().status == 400)
    #expect(eventually { log.all.count == 1 })
    #expect(log.all.first?.contains(" notice refused 400: ") == true)
    #expect(log.all.first?.hasSuffix(" client=127.0.0.1\n") == true)
  }
}
