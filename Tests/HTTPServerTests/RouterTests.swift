import Testing

@testable import MVVMWebServer

/// The route tree: one branch walked per request, literals before parameters, 405 from the
/// pattern that matched.
@Suite struct RouterTests {
  let router: Router = {
    var router = Router()
    router.get("/users/:id") { request in .text("person \(request.routeParameters["id"] ?? "?")") }
    router.post("/users/refresh") { _ in .text("refreshed") }
    router.get("/a/:x/b") { request in .text("x=\(request.routeParameters["x"] ?? "?")") }
    router.get("/a/c/d") { _ in .text("c d") }
    router.get("/static/*path") { request in
      .text("file [\(request.routeParameters["path"] ?? "?")]")
    }
    router.get("/") { _ in .text("home") }
    return router
  }()

  func answer(_ method: String, _ target: String) throws -> (Int, String, String?) {
    let response = router.respond(to: try Request(method: HTTPMethod(method)!, target: target))
    guard case .bytes(let body) = response.body else { return (response.status.code, "", nil) }
    return (response.status.code, String(decoding: body, as: UTF8.self), response.headers["Allow"])
  }

  @Test func aLiteralSegmentWinsOverAParameterAddedBeforeIt() throws {
    #expect(try answer("POST", "/users/refresh").1 == "refreshed")
    #expect(try answer("GET", "/users/42").1 == "person 42")
    // The literal pattern matched, so the answer is its 405, not the parameter route's page.
    let (status, _, allow) = try answer("GET", "/users/refresh")
    #expect(status == 405)
    #expect(allow == "POST")
  }

  @Test func aDeadEndLiteralFallsBackToTheParameter() throws {
    #expect(try answer("GET", "/a/c/b").1 == "x=c")
    #expect(try answer("GET", "/a/c/d").1 == "c d")
    #expect(try answer("GET", "/a/z/b").1 == "x=z")
    #expect(try answer("GET", "/a/c").0 == 404)
    #expect(try answer("GET", "/a/c/b/e").0 == 404)
  }

  @Test func theRestOfThePathMayBeEmptyOrSeveralSegments() throws {
    #expect(try answer("GET", "/static/css/app.css").1 == "file [css/app.css]")
    #expect(try answer("GET", "/static").1 == "file []")
    #expect(try answer("GET", "/").1 == "home")
    #expect(try answer("HEAD", "/").0 == 200)
    let (status, _, allow) = try answer("DELETE", "/")
    #expect(status == 405)
    #expect(allow == "GET, HEAD")
    #expect(try answer("GET", "/nowhere").0 == 404)
  }

  @Test func aFailingHandlerIsAPlain500UnlessAFailurePageIsSet() throws {
    struct Broken: Error {}
    var router = Router()
    router.errorLog = { _, _ in }
    router.get("/items/:id") { _ in throw Broken() }
    let request = try Request(method: .get, target: "/items/3")
    let plain = router.respond(to: request)
    #expect(plain.status.code == 500)
    guard case .bytes(let body) = plain.body else { return }
    #expect(
      String(decoding: body, as: UTF8.self)
        == "500 Internal Server Error\n\nSomething went wrong on our side. Please try again.\n")
    router.failurePage = { error, route, _ in
      .text("\(route): \(error)", status: .internalServerError)
    }
    guard case .bytes(let shown) = router.respond(to: request).body else { return }
    #expect(String(decoding: shown, as: UTF8.self) == "/items/:id: Broken()")
  }
}
