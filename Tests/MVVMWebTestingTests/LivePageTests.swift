import Foundation
import MVVMWeb
import MVVMWebTesting
import Synchronization
import Testing

extension ChangeTopic {
  static let scores = ChangeTopic("scores")
}

/// Points per player, most first: each change publishes `scores`.
final class Scoreboard: Sendable {
  let changes: ChangeFeed
  private let points = Mutex(["Ada": 0, "Grace": 1])

  init(changes: ChangeFeed) {
    self.changes = changes
  }

  /// One point more for `name`, a new player at first.
  func point(for name: String) {
    points.withLock { $0[name, default: 0] += 1 }
    changes.publish(.scores)
  }

  func remove(_ name: String) {
    points.withLock { $0[name] = nil }
    changes.publish(.scores)
  }

  var standings: [(name: String, points: Int)] {
    points.withLock { $0 }.map { (name: $0.key, points: $0.value) }.sorted {
      $0.points != $1.points ? $0.points > $1.points : $0.name < $1.name
    }
  }
}

/// The scoreboard as its page shows it: a row per player, keyed by name.
@Outputs final class ScoresViewModel {
  /// One player's row.
  @Outputs struct Row: Equatable {
    var key: String
    var name: String
    var pointsText: String
  }

  var rows: [Row]
  var leaderText: String

  init(board: Scoreboard) {
    let standings = board.standings
    rows = standings.map {
      Row(key: $0.name.lowercased(), name: $0.name, pointsText: "\($0.points)")
    }
    leaderText = standings.first.map { "\($0.name) leads" } ?? "Nobody yet"
  }
}

enum ScoresPage: Page {
  typealias ViewModel = ScoresViewModel
  static let template = "scores.xhtml"
}

/// A live page with keyed rows, through the test kit's page model, in process and over a real
/// socket: the test reads the page a person sees as the stream changes it, and the page the
/// events leave is the page a reload shows.
@Suite(.timeLimit(.minutes(1))) struct LivePageTests {
  static let scores = Route("/scores")
  static let point = Route("/scores/:name/point", String.self)
  static let remove = Route("/scores/:name/remove", String.self)

  /// The scoreboard's site, from its template in Tests/Fixtures/Templates, with a board of its
  /// own.
  func site() throws -> WebSite {
    let templates = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "../Fixtures/Templates").standardized.path
    var site = Site(SiteConfiguration(templatesDirectory: templates))
    let board = Scoreboard(changes: site.changes)
    site.page(Self.scores, ScoresPage.self, following: [.scores]) { _ in
      ScoresViewModel(board: board)
    }
    site.post(Self.point, allowed: .everyone) { request, name in
      board.point(for: name)
      return .redirect(to: request.location(Self.scores.path()))
    }
    site.post(Self.remove, allowed: .everyone) { request, name in
      board.remove(name)
      return .redirect(to: request.location(Self.scores.path()))
    }
    return try site.build()
  }

  @Test(arguments: [TestTransport.inProcess, .socket])
  func aTestReadsTheLivePageAsPointsAreScored(transport: TestTransport) async throws {
    try await site().test(transport) { client in
      let live = try await client.follow(client.page(Self.scores))
      #expect(live.page.rows(id: "scores").map(\.text) == ["Grace 1", "Ada 0"])
      #expect(try await client.post(Self.point, "Ada", form: []).status == 303)
      #expect(try await client.post(Self.point, "Ada", form: []).status == 303)
      try await live.waitUntil { $0.rows(id: "scores").first?.text == "Ada 2" }
      #expect(live.page.rows(id: "scores").map(\.text) == ["Ada 2", "Grace 1"])
      #expect(live.page.text(id: "leader") == "Ada leads")
    }
  }

  /// Each change comes as the rows that changed (added, moved, changed, dropped, and the
  /// markup around them), and leaves the page exactly as a reload shows it.
  @Test(arguments: [TestTransport.inProcess, .socket])
  func eachChangeComesAsItsRowsAndLeavesThePageAsAReloadShowsIt(
    transport: TestTransport
  ) async throws {
    try await site().test(transport) { client in
      let live = try await client.follow(client.page(Self.scores))
      // The stream starts with the element as it is now, whole.
      #expect(try await live.next(element: "scores").event == nil)
      let changes: [(route: Route<String>, name: String, rows: [String])] = [
        (Self.point, "Ada", ["Ada 1", "Grace 1"]),
        (Self.point, "Lin", ["Ada 1", "Grace 1", "Lin 1"]),
        (Self.point, "Lin", ["Lin 2", "Ada 1", "Grace 1"]),
        (Self.remove, "Ada", ["Lin 2", "Grace 1"]),
      ]
      for change in changes {
        #expect(try await client.post(change.route, change.name, form: []).status == 303)
        let event = try await live.next(element: "scores")
        #expect(event.event == "rows")
        #expect(live.page.rows(id: "scores").map(\.text) == change.rows)
        let reloaded = try await client.page(Self.scores)
        #expect(live.page.element(id: "scores")?.html == reloaded.element(id: "scores")?.html)
      }
    }
  }

  @Test func aRouteIsAskedForByItsValues() async throws {
    try await site().test { client in
      let answer = try await client.post(Self.point, "Ada Lovelace", form: [])
      #expect(answer.status == 303 && answer.location == "/scores")
      #expect(try await client.get(Self.scores).text.contains("<span>Ada Lovelace</span>"))
      #expect(
        try await client.page(Self.scores).rows(id: "scores").first?.text == "Ada Lovelace 1")
      let stream = try await client.follow(Self.scores)
      #expect(stream.status == 200)
      #expect(try await stream.next() == LiveEvent(retry: "2000"))
      // Followed by its address alone, a stream's events are read, not applied.
      #expect(try await stream.next(element: "scores").element?.name == "section")
      #expect(stream.page.liveElements.isEmpty)
    }
  }
}
