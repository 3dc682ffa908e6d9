import MVVMWebServer
import Synchronization
import Testing

@testable import MVVMWeb

/// The tags the validator hands out are confirmed before routing: the exact tag of an address
/// whose data is unchanged gets the page's 304 without the page being made, and anything else
/// (a changed version, another address, a cookie, a request for the event stream, a post, a tag
/// never handed out) goes on to the route.
@Suite struct PageValidatorTableTests {
  /// A data version the test sets, as a store's would change.
  final class Version: Sendable {
    private let value = Mutex("v1")
    var current: String { value.withLock { $0 } }
    func set(_ version: String) { value.withLock { $0 = version } }
  }

  let version = Version()
  let validator = PageValidator()

  func request(
    _ target: String, _ headers: [(String, String)] = [], method: HTTPMethod = .get,
    basePath: String = ""
  ) throws -> Request {
    var request = try Request(
      method: method, target: target,
      headers: HTTPHeaders([(name: "Host", value: "localhost")] + headers.map { ($0, $1) }))
    request.basePath = basePath
    return request
  }

  /// The page as its route makes it, through the validator: the tag it was given.
  func page(_ target: String, basePath: String = "") throws -> String {
    let made = validator.respond(
      to: try request(target, basePath: basePath), route: "/page", vary: "Accept-Encoding, Accept",
      version: { [version] in version.current }
    ) { Response.html(Array("<p>page</p>".utf8)) }
    return try #require(made.headers["etag"])
  }

  @Test func theTagHandedOutIsConfirmedWithThePagesOwn304() throws {
    let tag = try page("/page?x=1")
    #expect(tag.hasPrefix(#"W/""#) && tag.hasSuffix(#"""#))
    for method: HTTPMethod in [.get, .head] {
      let confirmed = try #require(
        validator.confirmBeforeRouting(
          try request("/page?x=1", [("If-None-Match", tag)], method: method)))
      #expect(confirmed.status == .notModified && confirmed.route == "/page")
      #expect(
        confirmed.headers.fields.map { "\($0.name): \($0.value)" }
          == ["ETag: \(tag)", "Cache-Control: no-cache", "Vary: Accept-Encoding, Accept"])
      guard case .bytes(let body) = confirmed.body else {
        Issue.record("a 304 has no stream")
        return
      }
      #expect(body.isEmpty)
    }
  }

  @Test func anythingElseGoesOnToTheRoute() throws {
    let tag = try page("/page")
    let tagged = ("If-None-Match", tag)
    #expect(validator.confirmBeforeRouting(try request("/page")) == nil)
    #expect(validator.confirmBeforeRouting(try request("/page?x=1", [tagged])) == nil)
    #expect(validator.confirmBeforeRouting(try request("/page", [tagged], basePath: "/a")) == nil)
    #expect(
      validator.confirmBeforeRouting(try request("/page", [tagged, ("Cookie", "a=1")])) == nil)
    #expect(
      validator.confirmBeforeRouting(
        try request("/page", [tagged, ("Accept", "text/event-stream")])) == nil)
    #expect(validator.confirmBeforeRouting(try request("/page", [tagged], method: .post)) == nil)
    // A list of tags, or the weak form spelled again, is the route's to compare.
    #expect(
      validator.confirmBeforeRouting(try request("/page", [("If-None-Match", #""a", "# + tag)]))
        == nil)
    #expect(validator.confirmBeforeRouting(try request("/page", [tagged])) != nil)
  }

  @Test func aChangeOfTheDataEndsTheTag() throws {
    let tag = try page("/page")
    version.set("v2")
    #expect(validator.confirmBeforeRouting(try request("/page", [("If-None-Match", tag)])) == nil)
    let newTag = try page("/page")
    #expect(newTag != tag)
    #expect(
      validator.confirmBeforeRouting(try request("/page", [("If-None-Match", newTag)])) != nil)
    // The address keeps only its newest tag.
    #expect(validator.issuedCount == 1)
  }

  @Test func theTableStartsAgainPastItsCapacity() throws {
    let first = try page("/page?n=0")
    for n in 1..<PageValidator.capacity { _ = try page("/page?n=\(n)") }
    #expect(validator.issuedCount == PageValidator.capacity)
    #expect(
      validator.confirmBeforeRouting(try request("/page?n=0", [("If-None-Match", first)])) != nil)
    _ = try page("/page?n=\(PageValidator.capacity)")
    #expect(validator.issuedCount == 1)
    #expect(
      validator.confirmBeforeRouting(try request("/page?n=0", [("If-None-Match", first)])) == nil)
  }
}
