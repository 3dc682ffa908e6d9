import Foundation
import MVVMWeb
import MVVMWebTesting
import Synchronization
import Testing

/// The test client over both transports, on a small site: what a browser sends and keeps, and
/// what a stalled store answers.
@Suite(.timeLimit(.minutes(1))) struct TestClientTests {
  static let echo = Route("/echo")
  static let remember = Route("/remember")
  static let read = Route("/read")
  static let write = Route("/write")

  // Long enough that a read beside a held write lane answers in time on a loaded machine.
  let executor = StoreExecutor(readers: 2, writers: 1, deadline: .seconds(1))

  func site() throws -> WebSite {
    var site = Site(SiteConfiguration(templatesDirectory: NSTemporaryDirectory()))
    let data = StoreWork(executor: executor, metrics: site.configuration.metrics)
    site.get(Self.echo) { request in
      .text("cookie: \(request.headers["cookie"] ?? "none")")
    }
    site.post(Self.echo, allowed: .everyone) { request in
      let form = try request.checkedForm()
      return .text("name: \(form["name"] ?? "")")
    }
    site.post(Self.remember, allowed: .everyone) { request in
      var answer = Response.redirect(to: request.location(Self.echo.path()))
      answer.headers.add("Set-Cookie", "seen=yes; Path=/; HttpOnly")
      return answer
    }
    site.get(Self.read) { request in data.read(request) { .text("read") } }
    site.post(Self.write, allowed: .everyone) { request in data.write(request) { .text("written") }
    }
    return try site.build()
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func aFormPostIsSentAsTheSitesOwnOrRefusedFromAnother(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      let own = try await client.post("/echo", form: [("name", "Ada & Grace")])
      #expect(own.status == 200 && own.text == "name: Ada & Grace")
      let other = try await client.post("/echo", form: [("name", "Eve")], crossSite: true)
      #expect(other.status == 403)
    }
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func cookiesAreKeptAndRedirectsFollowedOnRequest(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      #expect(try await client.get("/echo").text == "cookie: none")
      let redirect = try await client.post("/remember", form: [])
      #expect(redirect.status == 303 && redirect.location == "/echo")
      let followed = try await client.post("/remember", form: [], followingRedirects: true)
      #expect(followed.status == 200 && followed.text == "cookie: seen=yes")
    }
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func aHeldLaneAnswers503UntilItIsReleased(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      let stall = try await StoreStall.holding(.write, of: executor)
      let busy = try await client.post("/write", form: [])
      #expect(busy.status == 503)
      #expect(busy.header("Retry-After") != nil)
      #expect(busy.text.contains("The site is busy right now, so nothing was saved."))
      // The read lane is another lane: it still answers.
      #expect(try await client.get("/read").text == "read")
      stall.release()
      #expect(try await client.post("/write", form: []).text == "written")
    }
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func aSlowReadAnswers503AtTheDeadline(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      let stall = StoreStall.slowing(.read, of: executor, by: .seconds(3))
      let busy = try await client.get("/read")
      #expect(busy.status == 503)
      #expect(busy.header("Retry-After") != nil)
      #expect(busy.text.contains("its data did not answer in time"))
      stall.release()
      #expect(try await client.get("/read").text == "read")
    }
  }

  @Test func aMiddlewareIsTriedAlone() throws {
    struct Stamp: Middleware {
      func respond(to request: inout Request, next: Next) -> Response {
        request.headers.add("X-Seen", "yes")
        var response = next(&request)
        response.headers.add("X-Stamp", "1")
        return response
      }
    }
    var request = try Request(method: .get, target: "/")
    let answer = Stamp().respond(
      to: &request, next: .answering { request in .text(request.headers["x-seen"] ?? "no") })
    #expect(answer.headers["X-Stamp"] == "1")
    guard case .bytes(let body) = answer.body else {
      Issue.record("the answer has no body")
      return
    }
    #expect(String(decoding: body, as: UTF8.self) == "yes")
  }
}
