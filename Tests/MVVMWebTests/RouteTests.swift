import Foundation
import MVVMWeb
import MVVMWebTesting
import Synchronization
import Testing

/// Routes declared once: the same value matches a request (its parameters typed, a wrong one a
/// 404 before the handler) and prints the address.
@Suite struct RouteTests {
  static let match = Route("/matches/:id/edit", UUID.self)
  static let list = Route("/matches?page", PageNumber.self)
  static let file = Route("/files/*path", String.self)
  static let issue = Route("/issues/:key/items/:n?note", String.self, Int.self, String?.self)

  /// The answer of a site with `register`'s routes to `method target`: status and body.
  func answer(
    _ target: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:],
    _ register: (inout Site) -> Void
  ) throws -> (status: Int, text: String) {
    var site = Site(SiteConfiguration(templatesDirectory: NSTemporaryDirectory()))
    register(&site)
    let response = try site.build().respond(
      to: try Request(method: method, target: target, headers: headers))
    guard case .bytes(let body) = response.body else { return (response.status.code, "") }
    return (response.status.code, String(decoding: body, as: UTF8.self))
  }

  @Test func aRoutePrintsItsValuesInItsPattern() {
    let id = UUID(uuidString: "0D6E4F2A-1B3C-4D5E-8F90-A1B2C3D4E5F6")!
    #expect(Self.match.path(id) == "/matches/0d6e4f2a-1b3c-4d5e-8f90-a1b2c3d4e5f6/edit")
    #expect(Self.list.path(.first) == "/matches")
    #expect(Self.list.path(PageNumber(3)!) == "/matches?page=3")
    // The rest of a path is printed segment by segment: its slashes stay slashes.
    #expect(Self.file.path("a b/c.jpg") == "/files/a%20b/c.jpg")
    #expect(Self.file.path("é/?#") == "/files/%C3%A9/%3F%23")
    #expect(Self.issue.path("x?y", 7, nil) == "/issues/x%3Fy/items/7")
    // An address is ASCII: a letter of another script is its UTF-8 bytes, escaped.
    #expect(Self.issue.path("Chloé", 7, nil) == "/issues/Chlo%C3%A9/items/7")
    #expect(Self.issue.path("x", 7, "é&") == "/issues/x/items/7?note=%C3%A9%26")
    #expect(Route("/").path() == "/")
    #expect(Self.match.path(id, query: [("home", "a b")]).hasSuffix("/edit?home=a%20b"))
    #expect(Self.list.path(PageNumber(2)!, query: [("x", "1")]) == "/matches?page=2&x=1")
  }

  @Test func aRoutedRequestGetsItsValuesTyped() throws {
    let register = { (site: inout Site) in
      site.get(Self.match) { _, id in .text("match \(id.uuidString)") }
      site.get(Self.list) { _, page in .text("page \(page.number)") }
      site.get(Self.file) { _, path in .text("file [\(path)]") }
      site.get(Self.issue) { _, key, n, note in .text("\(key) \(n) \(note ?? "-")") }
    }
    let id = "0d6e4f2a-1b3c-4d5e-8f90-a1b2c3d4e5f6"
    #expect(
      try answer("/matches/\(id.uppercased())/edit", register).text
        == "match 0D6E4F2A-1B3C-4D5E-8F90-A1B2C3D4E5F6")
    #expect(try answer("/matches", register).text == "page 1")
    #expect(try answer("/matches?page=007", register).text == "page 7")
    #expect(try answer("/files/a/b%20c", register).text == "file [a/b c]")
    #expect(try answer(Self.file.path("a b/c.jpg"), register).text == "file [a b/c.jpg]")
    #expect(try answer("/files/", register).text == "file []")
    #expect(try answer("/issues/k/items/12?note=hi", register).text == "k 12 hi")
    #expect(try answer("/issues/k/items/12", register).text == "k 12 -")
  }

  /// A static file in a folder of the public one: its `Asset` prints each segment encoded and
  /// the slashes kept, an address the static files' route serves (its slash escaped as `%2F`,
  /// it named no file: a 404).
  @Test func anAssetInAFolderPrintsAnAddressThatServesIt() throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "asset-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: folder + "/screen shots", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes: [UInt8] = [0x89, 0x50, 0x4e, 0x47]
    try Data(bytes).write(to: URL(filePath: folder + "/screen shots/é.png"))
    var site = Site(SiteConfiguration(templatesDirectory: folder, publicDirectory: folder))
    try site.staticFiles()
    let website = try site.build()
    let path = website.path(for: Asset("screen shots/é.png"))
    #expect(path == "/static/screen%20shots/%C3%A9.png")
    let response = website.respond(to: try Request(method: .get, target: path))
    #expect(response.status == .ok)
    guard case .bytes(let body) = response.body else { throw HTTPError(.notFound, "no body") }
    #expect(body == bytes)
  }

  /// Every route printed and read back is the same value: what a link prints is what the route
  /// answers.
  @Test(arguments: [1, 2, 99, Int.max])
  func aPrintedAddressReadsBackAsItsValues(number: Int) throws {
    let page = try #require(PageNumber(number))
    let text = try answer(Self.list.path(page)) { site in
      site.get(Self.list) { _, page in .text(String(page.number)) }
    }.text
    #expect(text == String(number))
  }

  @Test(arguments: [
    (
      "/matches/not-an-id/edit", "There is nothing at this address: “not-an-id” names nothing here."
    ),
    ("/matches?page=0", #"There is no matches page "0": pages are numbered from 1."#),
    ("/matches?page=-1", #"There is no matches page "-1": pages are numbered from 1."#),
    (
      "/matches?page=99999999999999999999",
      #"There is no matches page "99999999999999999999": pages are numbered from 1."#
    ),
    ("/issues/k/items/x", "There is nothing at this address: “x” names nothing here."),
    ("/issues/k/items/1?note=%20", "There is nothing at this address: “ ” names nothing here."),
  ])
  func aParameterThatNamesNothingIsA404BeforeTheHandler(target: String, message: String) throws {
    let handled = Atomic(0)
    let answered = try answer(target) { site in
      site.get(Self.match) { _, _ in
        handled.add(1, ordering: .relaxed)
        return .text("")
      }
      site.get(Self.list) { _, _ in
        handled.add(1, ordering: .relaxed)
        return .text("")
      }
      site.get(Route("/issues/:key/items/:n?note", String.self, Int.self, Int?.self)) {
        _, _, _, _ in
        handled.add(1, ordering: .relaxed)
        return .text("")
      }
    }
    #expect(answered.status == 404)
    #expect(answered.text.contains(message), "\(answered.text)")
    #expect(handled.load(ordering: .relaxed) == 0)
  }

  @Test func aRouteCanSayWhatItsAddressesShow() throws {
    let route = Route("/players/:id", UUID.self, notFound: "There is no such player.")
    let answered = try answer("/players/7") { site in site.get(route) { _, _ in .text("") } }
    #expect(answered.status == 404 && answered.text.contains("There is no such player."))
  }

  @Test func routesGroupUnderAPrefix() throws {
    let edit = Self.match.under("/league")
    let root = Route("/").under("/league/")
    #expect(edit.pattern == "/league/matches/:id/edit")
    #expect(root.pattern == "/league" && root.path() == "/league")
    let id = UUID()
    let text = try answer(edit.path(id)) { site in
      site.get(edit) { _, id in .text(id.uuidString) }
    }.text
    #expect(text == id.uuidString)
  }

  @Test func aRouteDeclaredWrongStopsTheSiteWithItsLine() throws {
    let line = #line + 1
    let wrong = Route("/matches/:id/edit", UUID.self, Int.self)
    var site = Site(SiteConfiguration(templatesDirectory: NSTemporaryDirectory()))
    site.get(wrong) { _, _, _ in .text("") }
    site.get(Route("/a/*rest/b", String.self)) { _, _ in .text("") }
    let error = try #require(throws: RouteErrors.self) { try site.build() }
    #expect(
      error.problems == [
        "MVVMWebTests/RouteTests.swift:\(line): the route /matches/:id/edit is refused: it names "
          + "1 parameter(s) (id) but gives 2 type(s)",
        "MVVMWebTests/RouteTests.swift:\(line + 3): the route /a/*rest/b is refused: *rest must "
          + "be the pattern's last segment",
      ])
  }

  @Test func methodsAreATypeAndInputEventsAreRefusedWhereNoFormTakesThem() throws {
    let deleted = Atomic(0)
    let register = { (site: inout Site) in
      site.add(.delete, Self.match, allowed: .everyone) { _, _ in
        deleted.add(1, ordering: .relaxed)
        return .text("deleted")
      }
      site.post(Self.list, allowed: .everyone) { _, _ in
        deleted.add(1, ordering: .relaxed)
        return .text("posted")
      }
    }
    let id = UUID().uuidString
    #expect(try answer("/matches/\(id)/edit", method: .delete, register).text == "deleted")
    let wrongMethod = try answer("/matches/\(id)/edit", method: .put, register)
    #expect(wrongMethod.status == 405 && wrongMethod.text.contains("it accepts DELETE."))
    let event = try answer("/matches", method: .post, headers: ["MVVMWeb-Input": "1"], register)
    #expect(event.status == 400 && event.text.contains("This address takes no input events"))
    #expect(deleted.load(ordering: .relaxed) == 1)
  }

  @Test func aHandlerThatWaitsRefusesInputEventsToo() async throws {
    let posted = Atomic(0)
    var site = Site(SiteConfiguration(templatesDirectory: NSTemporaryDirectory()))
    site.post(Self.list, allowed: .everyone) { _, _ async in
      posted.add(1, ordering: .relaxed)
      return .text("posted")
    }
    try await site.build().test(.inProcess) { client in
      let event = try await client.post(
        "/matches", form: [("name", "a")], headers: [("MVVMWeb-Input", "1")])
      #expect(event.status == 400 && event.text.contains("This address takes no input events"))
      #expect(try await client.post("/matches", form: []).text == "posted")
    }
    #expect(posted.load(ordering: .relaxed) == 1)
  }
}
