import Foundation
import MVVMWebServer

/// The router every server test runs against: one route per behaviour under test.
struct Failure: Error {}

/// Eight megabytes, more than a loopback socket's buffers hold: sent over several writes.
let hugeBody = (0..<8_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) }

func testRouter() -> Router {
  var router = Router()
  router.get("/hello") { _ in .text("Hello, World!") }
  router.get("/own-id") { _ in
    var response = Response.text("mine")
    response.headers.add("X-Request-Id", "set-by-the-handler")
    return response
  }
  router.post("/echo") { request in
    Response(
      status: .ok, headers: ["Content-Type": "application/octet-stream"], body: .bytes(request.body)
    )
  }
  router.post("/form") { request in
    let form = try request.form()
    return .text(form.pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))
  }
  router.get("/items/:id") { request in .text("item \(request.routeParameters["id"] ?? "?")") }
  router.get("/query") { request in .text(request.query.all("tag").joined(separator: ",")) }
  router.get("/where") { request in .text("\(request.host ?? "-") \(request.path)") }
  router.get("/boom") { _ in throw Failure() }
  router.get("/refuse") { _ in throw HTTPError(.badRequest, "That is not a number.") }
  router.get("/big") { _ in .text(String(repeating: "MVVMWeb renders pages. ", count: 200)) }
  router.get("/huge") { _ in
    Response(
      status: .ok, headers: ["Content-Type": "application/octet-stream"], body: .bytes(hugeBody))
  }
  router.get("/stream") { _ in
    Response(
      headers: ["Content-Type": "text/plain"],
      body: .stream { writer in
        writer.write("first,")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
          writer.write("second")
          writer.finish()
        }
      })
  }
  router.get("/slow") { _ in
    usleep(400_000)
    return .text("done")
  }
  return router
}
