import MVVMWebViewModels

/// TechEmpower's Fortunes page: every fortune the store holds plus one added at request time,
/// sorted by message.
@Outputs
public struct FortunesViewModel {
  @Outputs
  public struct Row: Sendable, Equatable {
    public var id: Int
    public var message: String

    public init(id: Int, message: String) {
      self.id = id
      self.message = message
    }
  }

  /// The row TechEmpower's rules add in memory, to show the page is not a cached copy.
  static let addedAtRequestTime = Row(id: 0, message: "Additional fortune added at request time.")

  public let rows: [Row]

  /// The page for `fortunes` as just read from the store, sorted by message.
  public init(fortunes: [Fortune]) {
    var rows: [Row] = []
    rows.reserveCapacity(fortunes.count + 1)
    for fortune in fortunes {
      rows.append(Row(id: fortune.id, message: fortune.message))
    }
    rows.append(Self.addedAtRequestTime)
    rows.sort { Self.precedes($0.message, $1.message) }
    self.rows = rows
  }

  /// Whether `first` sorts before `second` by their UTF-8 bytes, which is the order of their
  /// Unicode scalar values as stored, as TechEmpower's reference implementations sort (the
  /// Japanese row last, after every ASCII one). `String`'s `<` would compare canonical
  /// equivalents, normalizing every non-ASCII message on each comparison of every request.
  static func precedes(_ first: String, _ second: String) -> Bool {
    let inPlace = first.utf8.withContiguousStorageIfAvailable { first in
      second.utf8.withContiguousStorageIfAvailable { first.lexicographicallyPrecedes($0) }
    }
    return inPlace.flatMap { $0 } ?? first.utf8.lexicographicallyPrecedes(second.utf8)
  }
}
