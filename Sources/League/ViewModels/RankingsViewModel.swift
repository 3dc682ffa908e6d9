import Foundation
import MVVMWebViewModels

/// The league table: rank, name and rating of every player, best first.
@Outputs
public final class RankingsViewModel {
  @Outputs
  public struct Row: Equatable, Sendable {
    public var rank: Int
    public var name: String
    public var rating: String
    /// The player's id: the row's key on a live page (`m:key`), so a change sends only the
    /// rows that changed or moved.
    public var key: String

    public init(rank: Int, name: String, rating: String, key: String) {
      self.rank = rank
      self.name = name
      self.rating = rating
      self.key = key
    }

    /// The row of `standing`.
    public init(standing: Standing) {
      self.init(
        rank: standing.rank, name: standing.ranking.player.name,
        rating: RankingsViewModel.format(standing.ranking.rating),
        key: standing.ranking.player.id.lowercasedText)
    }
  }

  /// A player's ranking and place in the table: what a row shows.
  public struct Standing: Equatable, Sendable {
    public var rank: Int
    public var ranking: Ranking
  }

  /// The rows kept between reads, by player: a coordinator keeps one for the list's life.
  public typealias KeptRows = UnchangingRows<UUID, Standing, Row>

  private let store: any LeagueStore
  private let keptRows: KeptRows
  /// A one-time confirmation, such as "Player added".
  public var notice: String?
  /// Every player, each row made (and rendered) once while its standing does not change.
  public private(set) var rows: [Unchanging<Row>] = []

  /// Whether the viewer may add players.
  @OutputIgnored public let canAddPlayers: Bool

  /// The table of `store`'s players as `viewer` sees it, its rows kept in `keptRows`.
  public init(
    store: any LeagueStore, viewer: Viewer = .signedOut, keptRows: KeptRows = makeKeptRows()
  ) {
    self.store = store
    self.keptRows = keptRows
    canAddPlayers = viewer.may(LeagueAccess.editing)
  }

  /// Where the table's rows are kept between requests.
  public static func makeKeptRows() -> KeptRows { KeptRows(make: Row.init(standing:)) }

  /// Loads the rows. On the web a page being shown is SwiftGoal's `active` input: the
  /// coordinator calls this for every GET.
  public func refresh() throws {
    let rankings = try store.rankings()
    // A loop rather than `enumerated().map`, which went through the runtime's generic tuple
    // witnesses: a third of the page's instructions.
    var standings: [Standing] = []
    standings.reserveCapacity(rankings.count)
    for index in rankings.indices {
      standings.append(Standing(rank: index + 1, ranking: rankings[index]))
    }
    rows = keptRows.rows(for: standings) { $0.ranking.player.id }
  }

  public var title: String { "Rankings" }
  public var isEmpty: Bool { rows.isEmpty }
  public var emptyText: String { "No players yet. Add your pals, then record a match." }
  /// The player form, for a viewer who may add players.
  public var newPlayer: LeagueDestination? { canAddPlayers ? .newPlayer : nil }

  /// Two decimals, the same in every locale: "6.67", "0.00". Written digit by digit: Foundation's
  /// locale-aware formatting goes through ICU, and string interpolation costs more than
  /// rendering the row.
  static func format(_ rating: Double) -> String {
    // A rating is 0 to 10 (Ranking clamps it); the guard keeps Int() total whatever comes in.
    let clamped = rating.isFinite ? min(max(rating, 0), 10) : 0
    let hundredths = Int((clamped * 100).rounded(.toNearestOrEven))  // 0 to 1,000
    let whole = hundredths / 100
    let fraction = hundredths % 100
    // At most five bytes, "10.00": a string that small is held inline, without an allocation.
    return String(unsafeUninitializedCapacity: 5) { text in
      let zero = UInt8(ascii: "0")
      var count = 0
      func put(_ byte: UInt8) {
        text[count] = byte
        count += 1
      }
      if whole >= 10 { put(zero + 1) }
      put(zero + UInt8(truncatingIfNeeded: whole % 10))
      put(UInt8(ascii: "."))
      put(zero + UInt8(truncatingIfNeeded: fraction / 10))
      put(zero + UInt8(truncatingIfNeeded: fraction % 10))
      return count
    }
  }
}
