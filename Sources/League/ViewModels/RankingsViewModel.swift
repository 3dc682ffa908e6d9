import Foundation
import MVVMWebViewModels

/// The league table: rank, name and rating of every player, best first.
@Outputs
public final class RankingsViewModel {
  @Outputs
  public struct Row: Equatable {
    public var rank: Int
    public var name: String
    public var rating: String
    /// The player's id: the row's key on a live page (`m:key`), so a change sends only the
    /// rows that changed or moved.
    public var key: String
  }

  private let store: any LeagueStore
  /// A one-time confirmation, such as "Player added".
  public var notice: String?
  public private(set) var rows: [Row] = []

  public init(store: any LeagueStore) {
    self.store = store
  }

  /// Loads the rows. On the web a page being shown is SwiftGoal's `active` input: the
  /// coordinator calls this for every GET.
  public func refresh() throws {
    rows = try store.rankings().enumerated().map { index, ranking in
      Row(
        rank: index + 1, name: ranking.player.name, rating: Self.format(ranking.rating),
        key: ranking.player.id.lowercasedText)
    }
  }

  public var title: String { "Rankings" }
  public var isEmpty: Bool { rows.isEmpty }
  public var emptyText: String { "No players yet. Add your pals, then record a match." }
  public var newPlayer: LeagueDestination { .newPlayer }

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
