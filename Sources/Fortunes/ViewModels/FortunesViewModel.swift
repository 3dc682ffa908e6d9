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

  /// The page for `fortunes` as just read from the store. Sorted by message with `String`'s `<`,
  /// which orders by Unicode scalar values as TechEmpower's reference implementations do (the
  /// Japanese row last, after every ASCII one).
  public init(fortunes: [Fortune]) {
    var rows: [Row] = []
    rows.reserveCapacity(fortunes.count + 1)
    for fortune in fortunes {
      rows.append(Row(id: fortune.id, message: fortune.message))
    }
    rows.append(Self.addedAtRequestTime)
    rows.sort { $0.message < $1.message }
    self.rows = rows
  }
}
