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

    /// Whether the row links to the match's form.
    @OutputIgnored public var editable: Bool

    /// The row of `match`, with its "Edit" link when `editable`.
    public init(match: Match, editable: Bool) {
      id = match.id
      homeText = match.homePlayers.map(\.name).joined(separator: ", ")
      scoreText = "\(match.homeGoals) : \(match.awayGoals)"
      awayText = match.awayPlayers.map(\.name).joined(separator: ", ")
      self.editable = editable
    }

    /// The match's form, for a viewer who may edit it.
    public var edit: LeagueDestination? { editable ? .editMatch(id) : nil }
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

  /// Whether the viewer may add and edit matches.
  @OutputIgnored public let canEdit: Bool

  /// The view model of page `page` (from 1) of the matches as `viewer` sees it, its rows kept in
  /// `keptRows` (made for what the viewer may do: `makeKeptRows(editable:)`).
  public init(
    store: any LeagueStore, page: Int = 1, viewer: Viewer = .signedOut, notice: String? = nil,
    keptRows: KeptRows? = nil
  ) {
    self.store = store
    self.page = page
    self.notice = notice
    canEdit = viewer.may(LeagueAccess.editing)
    self.keptRows = keptRows ?? Self.makeKeptRows(editable: canEdit)
  }

  /// Where the list's rows are kept between requests, for viewers who may edit (`editable`) or
  /// may not: their rows differ by the "Edit" link.
  public static func makeKeptRows(editable: Bool) -> KeptRows {
    KeptRows { match in Row(match: match, editable: editable) }
  }

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
  public var emptyHint: String {
    canEdit ? "Record the first one with “New match”." : "Sign in to record the first one."
  }
  /// The match form, for a viewer who may add matches.
  public var newMatch: LeagueDestination? { canEdit ? .newMatch : nil }
  /// The page before this one, if there is one.
  public var previous: LeagueDestination? { paging?.previousPage.map { .matchesPage($0) } }
  /// The page after this one, if there is one.
  public var next: LeagueDestination? { paging?.nextPage.map { .matchesPage($0) } }
  /// "Page 2 of 200" when the matches take more than one page; nil when they fit on one.
  public var pageText: String? { paging?.pageText }
  /// "Matches 51–100 of 10,000"; empty when there are none.
  public var rangeText: String { paging?.rangeText("Matches", shown: rows.count) ?? "" }
}
