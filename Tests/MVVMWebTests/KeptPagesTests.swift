import MVVMWebServer
import Synchronization
import Testing

@testable import MVVMWeb

/// A page the validator tags for someone signed out is kept with its tag: the next signed-out
/// request for the same address, at the same data version, gets it without the page being made.
/// Anything else (another version, address or base path, a signed-in viewer, a HEAD first, a
/// page too large) makes the page, and the kept pages never hold more than their bound.
@Suite struct KeptPagesTests {
  /// How many times the route made its page, and what the data's version is.
  final class Route: Sendable {
    private let state = Mutex((made: 0, version: "v1"))
    var made: Int { state.withLock { $0.made } }
    var version: String { state.withLock { $0.version } }
    func set(_ version: String) { state.withLock { $0.version = version } }
    func make(_ size: Int = 0) -> Response {
      let number = state.withLock {
        $0.made += 1
        return $0.made
      }
      return .html(
        Array("<p>page \(number)</p>".utf8) + Array(repeating: UInt8(ascii: "."), count: size))
    }
  }

  let route = Route()
  let validator = PageValidator()

  func answer(
    _ target: String, method: HTTPMethod = .get, basePath: String = "", signedIn: Bool = false,
    size: Int = 0
  ) throws -> String {
    var request = try Request(
      method: method, target: target,
      headers: HTTPHeaders(
        [(name: "Host", value: "localhost")]
          + (signedIn ? [(name: "Cookie", value: "mvvmweb-session=t")] : [])))
    request.basePath = basePath
    if signedIn {
      request.session = RequestSession(
        account: "ada", role: "member", key: "k", lastSignIn: .now, isSoleCookie: true)
    }
    let response = validator.respond(
      to: request, route: "/page", version: { [route] in route.version }
    ) { route.make(size) }
    guard case .bytes(let body) = response.body else { return "a stream" }
    return String(decoding: body.prefix { $0 != UInt8(ascii: ".") }, as: UTF8.self)
  }

  @Test func aSignedOutPageIsMadeOnceForEachAddressAndVersion() throws {
    #expect(try answer("/page") == "<p>page 1</p>")
    #expect(try answer("/page") == "<p>page 1</p>")
    #expect(try answer("/page?x=1") == "<p>page 2</p>")
    #expect(try answer("/page", basePath: "/a") == "<p>page 3</p>")
    #expect(try answer("/page") == "<p>page 1</p>")
    route.set("v2")
    #expect(try answer("/page") == "<p>page 4</p>")
    #expect(try answer("/page") == "<p>page 4</p>")
    #expect(route.made == 4)
  }

  /// A signed-in viewer's page is made for them every time, and never given to anyone else.
  @Test func aSignedInViewerGetsAPageMadeForThemAndNoKeptOne() throws {
    #expect(try answer("/page") == "<p>page 1</p>")
    #expect(try answer("/page", signedIn: true) == "<p>page 2</p>")
    #expect(try answer("/page", signedIn: true) == "<p>page 3</p>")
    #expect(try answer("/page") == "<p>page 1</p>")
  }

  @Test func aHeadKeepsNothingAndALargePageIsNotKept() throws {
    #expect(try answer("/head", method: .head) == "<p>page 1</p>")
    #expect(try answer("/head") == "<p>page 2</p>")
    #expect(try answer("/head", method: .head) == "<p>page 2</p>")
    let large = PageValidator.keptBytes / 16
    #expect(try answer("/large", size: large) == "<p>page 3</p>")
    #expect(try answer("/large", size: large) == "<p>page 4</p>")
  }

  /// Pages of many addresses: the kept bytes stay within their bound, and the table starts
  /// again when the next page would pass it.
  @Test func theKeptPagesStayWithinTheirBound() throws {
    let size = PageValidator.keptBytes / 16 - 100
    for number in 0..<40 {
      _ = try answer("/page?n=\(number)", size: size)
      #expect(validator.keptPageBytes <= PageValidator.keptBytes)
    }
    #expect(validator.keptPageBytes > PageValidator.keptBytes / 4)
    #expect(route.made == 40)
  }
}
