import Foundation
import League
import MVVMWeb
import MVVMWebServer
import MVVMWebViewModels
import Memories
import Playlist
import Testing
import Users
import WebApp

@testable import LeagueWeb

/// What the served path does with a post is what the view-model tests do: the same input events
/// (the fields decoded into the view model's declared inputs), and every destination a view model
/// can hold leads to a route that answers.
@Suite(.timeLimit(.minutes(2))) struct CoordinatorInputsTests {
  @Test func aMatchPostBecomesTheViewModelsInputEvents() throws {
    let store = InMemoryLeagueStore()
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let viewModel = try EditMatchViewModel(store: store, draft: MatchDraft(token: "t1"))
    let post = try Request(
      method: .post, target: "/matches/new",
      headers: [
        "Host": "localhost", "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
      ],
      body: Array(
        "home=\(ann.id.lowercasedText)&away=\(ben.id.lowercasedText)&away=&homeGoals=2&awayGoals=x"
          .utf8))
    try post.submission(for: EditMatchViewModel.self).send(to: viewModel)
    #expect(viewModel.homePlayers.filter(\.isSelected).map(\.name) == ["Ann"])
    #expect(viewModel.awayPlayers.filter(\.isSelected).map(\.name) == ["Ben"])
    #expect(viewModel.homeGoals == "2" && viewModel.awayGoals == "x")
    #expect(try viewModel.save() == .failed(message: "The match has errors"))
    #expect(viewModel.awayGoalsError == "Goals must be a whole number from 0 to 99")
    viewModel.setAwayGoals("1")
    #expect(try viewModel.save() == .done)
    #expect(try store.matches(limit: 10, offset: 0).matches.map(\.homeGoals) == [2])
  }

  @Test func everyDestinationPrintsAnAddressTheAppServes() async throws {
    let app = try await AppHarness(demo: true)
    // As an admin sees it: every link the page has.
    var request = try Request(method: .get, target: "/matches")
    request.session = RequestSession(
      account: "Tess", role: "admin", key: String(repeating: "0", count: 64), lastSignIn: Date())
    let matches = await app.website.router.respond(to: request).made()
    let matchID = try #require(
      matches.bodyText.firstMatch(of: /\/matches\/([0-9a-f-]{36})\/edit/)?.1)
    let id = try #require(UUID(uuidString: String(matchID)))
    let links = app.website
    let destinations: [any Destination] = [
      LeagueDestination.matches, LeagueDestination.newMatch, LeagueDestination.editMatch(id),
      LeagueDestination.deleteMatch(id), LeagueDestination.newPlayer, LeagueDestination.rankings,
      LeagueDestination.resumeMatch(MatchDraft(matchID: id, token: "t")),
      PlaylistDestination.page(1), UsersDestination.users, UsersDestination.person(1),
      UsersDestination.avatar(1, version: "v"), MemoriesDestination.issue(IssueKey("20150309")!),
      MemoriesDestination.itemInIssue(IssueKey("20150309")!, itemID: "x"),
      Asset("app.css"),
    ]
    for destination in destinations {
      let path = links.path(for: destination)
      #expect(path.hasPrefix("/"), "\(destination) → \(path)")
      // A browser keeps the fragment (`#item-x`) to itself; the server sees the rest.
      let status = try await app.get(String(path.prefix { $0 != "#" })).status
      #expect(status == 200, "\(destination) → \(path) answered \(status)")
    }
    // The forms' destinations answer their posts.
    #expect(try await app.post(links.path(for: UsersDestination.refresh), "").status == 303)
    #expect(try await app.post(links.path(for: UsersDestination.clearCache), "").status == 303)
  }

  /// Every typed route of the apps: a parameter that does not read as its type is a 404 that
  /// says what was not found, before any handler or store runs.
  @Test(arguments: [
    ("/matches/not-a-match/edit", "There is no match at this address. It may have been deleted."),
    ("/matches/not-a-match/delete", "There is no match at this address. It may have been deleted."),
    ("/matches?page=x", "There is no matches page &#34;x&#34;: pages are numbered from 1."),
    ("/playlist?page=0", "There is no playlist page &#34;0&#34;: pages are numbered from 1."),
    ("/users/ann", "There is no user at this address. The list may have been refreshed since."),
    (
      "/users/-1/avatar.svg",
      "There is no user at this address. The list may have been refreshed since."
    ),
    (
      "/issues/2015",
      "There is no issue for “2015”: an issue&#39;s address is a real date written like 20150309."
    ),
    (
      "/issues/20150309/items/x/nope",
      "This memory has no such page. Go back to the issue to see what it holds."
    ),
  ])
  func aParameterOfTheWrongTypeIsA404(path: String, message: String) async throws {
    let app = try await AppHarness(demo: true)
    let page = try await app.get(path)
    #expect(page.status == 404)
    #expect(page.text.contains(message), "\(page.text)")
    let posted = try await app.post("/matches/not-a-match/edit", "homeGoals=1")
    #expect(posted.status == 404)
  }
}

extension Response {
  fileprivate var bodyText: String {
    if case .bytes(let body) = body { return String(decoding: body, as: UTF8.self) }
    return ""
  }
}
