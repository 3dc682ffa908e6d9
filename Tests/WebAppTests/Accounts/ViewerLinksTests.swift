import Foundation
import MVVMWebServer
import Testing

@testable import MVVMWeb

/// Which printed paths a kind of viewer is refused: a path is a route's when its segments fit
/// the route's shape, its query and fragment aside.
@Suite struct ViewerLinksTests {
  static let edit = ["matches", ":", "edit"]

  @Test func aPathFitsTheShapeOfItsRoute() {
    let cases: [(String, [String], Bool)] = [
      ("/matches/0d6e/edit", Self.edit, true),
      ("/matches/0d6e/edit?page=2#top", Self.edit, true),
      ("/matches/0d6e/edit/", Self.edit, true),
      ("/matches/new", Self.edit, false),
      ("/matches/0d6e/edit/more", Self.edit, false),
      ("/matches/0d6e/delete", Self.edit, false),
      ("/matches", ["matches"], true),
      ("/matches?page=3", ["matches"], true),
      ("/matchesx", ["matches"], false),
      ("/", [], true),
      ("/#main", [], true),
      ("/matches", [], false),
      ("/static/a/b.css", ["static", "*"], true),
      ("/other/a", ["static", "*"], false),
    ]
    for (path, shape, fits) in cases {
      #expect(ViewerLinks.path(path, fits: shape) == fits, "\(path) against \(shape)")
    }
  }

  /// Each kind of viewer is refused what its rule keeps from it, links and forms apart; a role
  /// no rule names is refused what anyone signed in is.
  @Test func eachKindOfViewerIsRefusedWhatItsRulesKeepFromIt() {
    func route(_ method: HTTPMethod, _ pattern: String, _ access: Access) -> SiteRoute {
      SiteRoute(
        method: method, pattern: pattern, page: nil, lane: nil, access: access, declaredAt: "")
    }
    let routes = [
      route(.get, "/matches", .everyone),
      route(.get, "/matches/:id/edit", .role(.member)),
      route(.post, "/matches/:id/edit", .role(.member)),
      route(.get, "/account", .signedIn),
      route(.post, "/matches/:id/delete", .recent(.role(.admin))),
    ]
    let site = SiteLinks()
    let links = LinksByViewer(site, routes: routes)
    func printer(_ role: String?) -> ViewerLinks {
      links.links(
        for: role.map { RequestSession(account: "a", role: $0, key: "k", lastSignIn: .now) })
    }
    func refusals(_ role: String?) -> [Bool] {
      let printer = printer(role)
      return [
        printer.refuses("/matches?page=2", sending: false),
        printer.refuses("/matches/1/edit", sending: false),
        printer.refuses("/matches/1/edit", sending: true),
        printer.refuses("/account", sending: false),
        printer.refuses("/matches/1/delete", sending: true),
        printer.refuses("/matches/1/delete", sending: false),
      ]
    }
    #expect(refusals(nil) == [false, true, true, true, true, false])
    #expect(refusals("member") == [false, false, false, false, true, false])
    #expect(refusals("admin") == [false, false, false, false, false, false])
    #expect(refusals("reader") == [false, true, true, false, true, false])
    // Refusing nothing, an admin's printer keeps rows under the site's own key; the others
    // under keys of their own.
    #expect(printer("admin").reuseKey == site.reuseKey)
    let keys = [nil, "member", "reader"].map { printer($0).reuseKey }
    #expect(Set(keys + [site.reuseKey]).count == 4)
  }
}
