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

  @Test func everyRouteAnswersEachKindOfViewerAsItsRuleSays() async throws {
    let app = try await AppHarness(demo: true, signedIn: nil)
    let match = try #require(try app.stores.league.matches(limit: 1, offset: 0).matches.first).id
    let askers = [
      Asker(viewer: .signedOut, cookie: nil),
      Asker(viewer: Viewer(name: "Mia", role: .member), cookie: try await app.person("Mia")),
      Asker(
        viewer: Viewer(name: "Abe", role: .admin),
        cookie: try await app.person("Abe", role: .admin)),
    ]
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
