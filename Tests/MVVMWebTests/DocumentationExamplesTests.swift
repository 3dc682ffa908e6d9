import Foundation
import MVVMWeb
import TestSupport
import Testing

/// The examples of MVVMWeb's doc comments that no app or other test already holds, as code that
/// runs: scripts/check-docs finds each example's lines in a file of the repository, so these
/// are the lines of `Site`, `WebSite`, `Site.add(_:allowed:)` and `String.pathSegment`, and
/// they must compile and do what the comments say.
@Suite struct DocumentationExamplesTests {
  /// A feature with a page that only reads and a post that writes and names no rule: whoever
  /// adds it says who may.
  struct Greetings: Feature {
    static let home = Route("/")

    func register(in site: inout Site) {
      site.get(Self.home) { _ in .text("Hello!") }
      site.post(Self.home) { _ in .text("Hello again!") }
    }
  }

  /// The body of `response` as text.
  static func text(_ response: Response) -> String {
    guard case .bytes(let body) = response.body else { return "" }
    return String(decoding: body, as: UTF8.self)
  }

  /// `Site` and `WebSite`: a site built from its features, served by an `HTTPServer` on a free
  /// port, answers over a real socket.
  @Test func aSiteIsBuiltFromItsFeaturesAndServed() throws {
    let templates = NSTemporaryDirectory()
    var site = Site(SiteConfiguration(templatesDirectory: templates))
    try site.add(Greetings(), allowed: .everyone)
    let website = try site.build()
    let server = HTTPServer(
      configuration: try website.serverConfiguration(address: .tcp(host: "127.0.0.1", port: 0)),
      responder: website)
    try server.start()
    defer { server.shutdown() }
    let answer = try TestClient(port: server.port).request("GET", "/")
    #expect(answer.status == 200 && answer.text == "Hello!")
  }

  /// `Site.add(_:allowed:)`: the rule given covers the feature's post, which names none; added
  /// without one, the site does not build.
  @Test func aFeatureAddedWithARuleHasItForTheRoutesThatNameNone() throws {
    var open = Site(SiteConfiguration(templatesDirectory: NSTemporaryDirectory()))
    try open.add(Greetings(), allowed: .everyone)
    let posted = try open.build().respond(to: try Request(method: .post, target: "/"))
    #expect(posted.status == .ok && Self.text(posted) == "Hello again!")

    var loose = Site(SiteConfiguration(templatesDirectory: NSTemporaryDirectory()))
    try loose.add(Greetings())
    let error = #expect(throws: RouteErrors.self) { try loose.build() }
    let problem =
      "POST / writes but says nothing of who may: "
      + "add allowed: .everyone, .signedIn or .role(…) to its registration"
    #expect(error?.problems.count == 1)
    #expect(error?.problems.first?.hasSuffix(problem) == true)
  }

  /// `String.pathSegment`: a file name from data, slash and space included, is one segment.
  @Test func aPathSegmentCannotChangeTheAddressesShape() {
    let file = "a b/c.jpg"
    #expect("/media/" + file.pathSegment == "/media/a%20b%2Fc.jpg")
    #expect(file.pathSegment.contains("/") == false)
  }
}
