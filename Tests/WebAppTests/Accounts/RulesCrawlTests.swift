import Foundation
import MVVMWeb
import MVVMWebTesting
import Testing

/// Every route of the demo, asked by someone signed out, a member and an admin: each answer is
/// what the route's declared rule says, and nothing a rule refuses runs (the league is as it was).
@Suite(.timeLimit(.minutes(3))) struct RulesCrawlTests {
  /// Who asks, and the cookie they ask with.
  struct Asker {
    let viewer: Viewer
    let cookie: String?
  }

  /// The demo, with nobody signed in by default: the id of one of its matches, and someone
  /// signed out, a member and an admin to ask it.
  static func demo() async throws -> (app: AppHarness, match: UUID, askers: [Asker]) {
    let app = try await AppHarness(demo: true, signedIn: nil)
    let match = try #require(try app.stores.league.matches(limit: 1, offset: 0).matches.first).id
    let askers = [
      Asker(viewer: .signedOut, cookie: nil),
      Asker(viewer: Viewer(name: "Mia", role: .member), cookie: try await app.session("Mia")),
      Asker(
        viewer: Viewer(name: "Abe", role: .admin),
        cookie: try await app.session("Abe", role: .admin)),
    ]
    return (app, match, askers)
  }

  @Test func everyRouteAnswersEachKindOfViewerAsItsRuleSays() async throws {
    let (app, match, askers) = try await Self.demo()
    let playersBefore = try app.stores.league.players().count
    let matchesBefore = try app.stores.league.matches(limit: 0, offset: 0).totalCount
    var checked = 0
    // Signing out ends the askers' sessions: asked last.
    let signOutLast =
      app.routes.filter { $0.pattern != "/sign-out" }
      + app.routes.filter { $0.pattern == "/sign-out" }
    for route in signOutLast {
      let path = Self.path(route.pattern, match: match)
      let access = try #require(route.access, "\(route.pattern) has no rule")
      for asker in askers {
        let answer =
          route.method == .get
          ? try await app.page(path, cookie: asker.cookie)
          : try await app.form(path, [], cookie: asker.cookie)
        let sentToSignIn = answer.status == 303 && answer.location?.hasPrefix("/sign-in?") == true
        let label = "\(route.method) \(path) as \(asker.viewer.role?.name ?? "signed out")"
        if asker.viewer.may(access) {
          #expect(!sentToSignIn && answer.status != 403, "\(label): \(answer.status)")
        } else if asker.viewer.isSignedIn {
          #expect(answer.status == 403, "\(label): \(answer.status)")
        } else {
          #expect(sentToSignIn, "\(label): \(answer.status) \(answer.location ?? "")")
        }
        checked += 1
      }
    }
    #expect(checked == app.routes.count * askers.count && checked > 100)
    // Empty forms were refused by their rules or their checks: nothing was stored by any of them.
    #expect(try app.stores.league.players().count == playersBefore)
    #expect(try app.stores.league.matches(limit: 0, offset: 0).totalCount == matchesBefore - 1)
  }

  /// No page shows a viewer a link or a button to a route they may not use: every page of the
  /// demo, as each kind of viewer gets it, links (`href`, a form's `action`, a button's
  /// `formaction`) only where that viewer's rule lets them through, by the method they would use.
  /// The site's navigation, the same for everyone, is aside: its "Account" is the way in for
  /// someone signed out.
  @Test func noPageLinksAViewerToARouteTheyMayNotUse() async throws {
    let (app, match, askers) = try await Self.demo()
    var linksChecked = 0
    var refusedSeen = Set<String>()
    for route in app.routes where route.method == .get {
      for asker in askers {
        let answer = try await app.page(
          Self.path(route.pattern, match: match), cookie: asker.cookie)
        guard answer.status == 200, answer.header("Content-Type")?.hasPrefix("text/html") == true
        else { continue }
        for (method, target) in Self.links(in: answer.text) {
          guard let used = Self.route(of: target, method: method, in: app.routes) else { continue }
          let access = try #require(used.access)
          linksChecked += 1
          #expect(
            asker.viewer.may(access),
            "\(route.pattern) shows \(asker.viewer.role?.name ?? "signed out") \(method) \(target)")
          if !askers.allSatisfy({ $0.viewer.may(access) }) { refusedSeen.insert(used.pattern) }
        }
      }
    }
    // The pages do lead to routes some viewers may not use (editing, deleting, the account),
    // and only those allowed were shown them.
    #expect(linksChecked > 100)
    #expect(
      refusedSeen.isSuperset(of: ["/matches/:id/edit", "/matches/:id/delete", "/account/password"]))
  }

  /// Every link of `html` outside its site header, with the method a browser would use: `GET`
  /// for a link, the method of a form (or of a button's own `formmethod`) for a form's address.
  static func links(in html: String) -> [(method: HTTPMethod, target: String)] {
    var html = html
    if let header = html.range(
      of: #"<header class="site-header">[\s\S]*?</header>"#,
      options: .regularExpression)
    {
      html.removeSubrange(header)
    }
    var links: [(method: HTTPMethod, target: String)] = []
    var formMethod = HTTPMethod.get
    let tags = try! Regex(#"<(/?)(a|form|button|input)\b([^>]*)>"#)  // trap-ok: a fixed pattern
    for tag in html.matches(of: tags) {
      let closing = !(tag.output[1].substring ?? "").isEmpty
      let name = String(tag.output[2].substring ?? "")
      let attributes = String(tag.output[3].substring ?? "")
      func attribute(_ key: String) -> String? {
        guard let found = attributes.firstMatch(of: try! Regex(" \(key)=\"([^\"]*)\""))  // trap-ok
        else { return nil }
        return String(found.output[1].substring ?? "")
      }
      func method(_ key: String, otherwise: HTTPMethod) -> HTTPMethod {
        attribute(key).map { $0.lowercased() == "post" ? .post : .get } ?? otherwise
      }
      switch name {
      case "form" where closing: formMethod = .get
      case "form":
        formMethod = method("method", otherwise: .get)
        if let action = attribute("action") { links.append((formMethod, action)) }
      case "a":
        if let href = attribute("href") { links.append((.get, href)) }
      default:
        if let action = attribute("formaction") {
          links.append((method("formmethod", otherwise: formMethod), action))
        }
      }
    }
    return links.map { ($0.method, $0.target.replacingOccurrences(of: "&amp;", with: "&")) }
  }

  /// The route that answers `method` at `target` (a path of the site, its query aside); nil for
  /// an address elsewhere, a fragment or a static file.
  static func route(of target: String, method: HTTPMethod, in routes: [SiteRoute]) -> SiteRoute? {
    guard target.hasPrefix("/"), !target.hasPrefix("//"), !target.hasPrefix("/static/") else {
      return nil
    }
    let path = target.prefix { $0 != "?" && $0 != "#" }.split(separator: "/")
    return routes.first { route in
      let pieces = route.pattern.split(separator: "/")
      guard route.method == method else { return false }
      let rest = pieces.last?.hasPrefix("*") == true
      guard rest ? path.count >= pieces.count - 1 : path.count == pieces.count else { return false }
      return zip(pieces, path).allSatisfy { $0.hasPrefix(":") || $0.hasPrefix("*") || $0 == $1 }
    }
  }

  /// The address of `pattern` with every parameter filled with one that names something.
  static func path(_ pattern: String, match: UUID) -> String {
    pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
      switch segment {
      case ":id" where pattern.hasPrefix("/matches"): match.uuidString.lowercased()
      case ":id" where pattern.hasPrefix("/users"): "1"
      case ":id": "1"
      case ":key": "today"
      case ":detail": "photo"
      case "*path": pattern.hasPrefix("/media") ? "none.jpg" : "app.css"
      default: String(segment)
      }
    }.joined(separator: "/")
  }
}
