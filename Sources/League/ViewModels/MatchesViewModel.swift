import Foundation
import MVVMWebViewModels

/// One page of the matches, newest first, as display rows, with the links to the pages beside it.
@Outputs
public final class MatchesViewModel {
  /// Matches on a page. A row is about 200 bytes of HTML, so a page is about 12 KB however long
  /// the league grows; 50 rows are a few screens on a phone, and the page's live element, sent
  /// again to every open page at each change, stays small.
  public static let pageSize = 50

  /// One match as the table shows it.
  @Outputs
  public struct Row: Equatable, Sendable {
    @OutputIgnored public var id: UUID
    public var homeText: String
    public var scoreText: String
    public var awayText: String

    /// The row of `match`.
    public init(match: Match) {
      id = match.id
      homeText = match.homePlayers.map(\.name).joined(separator: ", ")
      scoreText = "\(match.homeGoals) : \(match.awayGoals)"
      awayText = match.awayPlayers.map(\.name).joined(separator: ", ")
    }

    public var edit: LeagueDestination { .editMatch(id) }
    /// The row's key on a live page (`m:key`): only the rows that changed are sent again.
    public var key: String { id.lowercasedText }
  }

  /// The rows kept between reads, by match: a coordinator keeps one for the list's life.
  public typealias KeptRows = UnchangingRows<UUID, Match, Row>

  private let store: any LeagueStore
  private let page: Int
  private let keptRows: KeptRows
  /// The page's matches, each row made (and rendered) once while its match does not change.
  public private(set) var rows: [Unchanging<Row>] = []
  /// Which page this is, of how many matches; nil until `refresh()`.
  @OutputIgnored public private(set) var paging: Paging?
  /// A one-time confirmation the coordinator passes on after a save or delete.
  public var notice: String?

  /// The view model of page `page` (from 1) of the matches, its rows kept in `keptRows`.
  public init(
    store: any LeagueStore, page: Int = 1, notice: String? = nil,
    keptRows: KeptRows = makeKeptRows()
  ) {
    self.store = store
    self.page = page
    self.notice = notice
    self.keptRows = keptRows
  }

  /// Where the list's rows are kept between requests.
  public static func makeKeptRows() -> KeptRows { KeptRows(make: Row.init(match:)) }

  /// Loads the page's rows. On the web a page being shown is SwiftGoal's `active` input: the
  /// coordinator calls this for every GET. Throws `Paging.OutOfRange` for a page the league does
  /// not have (before the first, or past the last).
  public func refresh() throws {
    let read = try store.matches(
      limit: Self.pageSize, offset: Paging.offset(ofPage: page, size: Self.pageSize))
    paging = try Paging(page: page, size: Self.pageSize, totalCount: read.totalCount)
    rows = keptRows.rows(for: read.matches) { $0.id }
  }

  public var title: String { "Matches" }
  public var isEmpty: Bool { rows.isEmpty }
  public var emptyText: String { "No matches yet!" }
  public var emptyHint: String { "Record the first one with “New match”." }
  public var newMatch: LeagueDestination { .newMatch }
  /// The page before this one, if there is one.
  public var previous: LeagueDestination? { paging?.previousPage.map { .matchesPage($0) } }
  /// The page after this one, if there is one.
  public var next: LeagueDestination? { paging?.nextPage.map { .matchesPage($0) } }
  /// "Page 2 of 200" when the matches take more than one page; nil when they fit on one.
  public var pageText: String? { paging?.pageText }
  /// "Matches 51–100 of 10,000"; empty when there are none.
  public var rangeText: String { paging?.rangeText("Matches", shown: rows.count) ?? "" }
}
