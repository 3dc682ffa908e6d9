import MVVM

/// One page of the playlist: up to 100 songs as rows, the count, the range shown and paging; or,
/// when the source could not be loaded, an error state that says why.
@Outputs
public struct PlaylistViewModel {
  public static let pageSize = 100
  /// Covers in the first rows load at once; the rest load as they scroll near (lazy).
  static let eagerCovers = 8

  /// A page number past the end: the coordinator answers 404.
  public struct PageOutOfRange: Error, Equatable {
    public var page: Int
    public var pageCount: Int
  }

  public let rows: [SongRow]
  @OutputIgnored public let page: Int
  @OutputIgnored public let totalCount: Int
  /// Why the playlist could not be loaded; nil when it was.
  public let errorText: String?

  /// The page `page` (from 1) of what `source` holds now.
  public init(source: PlaylistSource, page: Int) throws(PageOutOfRange) {
    switch source.rows() {
    case .failure(let error):
      self.init(
        rows: [], page: 1, totalCount: 0,
        errorText: "The playlist could not be loaded: \(error.reason)")
    case .success(let rows):
      let pageCount = max(1, (rows.count + Self.pageSize - 1) / Self.pageSize)
      guard page >= 1, page <= pageCount else {
        throw PageOutOfRange(page: page, pageCount: pageCount)
      }
      let start = (page - 1) * Self.pageSize
      self.init(
        rows: Array(rows[start..<min(start + Self.pageSize, rows.count)]), page: page,
        totalCount: rows.count, errorText: nil)
    }
  }

  init(rows: [SongRow], page: Int, totalCount: Int, errorText: String?) {
    self.rows = rows
    self.page = page
    self.totalCount = totalCount
    self.errorText = errorText
  }

  public var title: String { "Playlist" }
  public var isError: Bool { errorText != nil }
  public var isEmpty: Bool { !isError && totalCount == 0 }
  /// The page before this one, if there is one.
  public var previous: PlaylistDestination? { page > 1 ? .page(page - 1) : nil }
  /// The page after this one, if there is one. `page` is at most the page count here, so the
  /// arithmetic cannot overflow.
  public var next: PlaylistDestination? {
    page * Self.pageSize < totalCount ? .page(page + 1) : nil
  }

  /// "Page 2 of 3" when the playlist takes more than one page; nil when it fits on one.
  public var pageText: String? {
    let pageCount = (totalCount + Self.pageSize - 1) / Self.pageSize
    return pageCount > 1 ? "Page \(Self.grouped(page)) of \(Self.grouped(pageCount))" : nil
  }

  /// "1 song", "100 songs", "10,000 songs".
  public var countText: String {
    totalCount == 1 ? "1 song" : "\(Self.grouped(totalCount)) songs"
  }

  /// "Songs 101–200 of 10,000"; empty for an empty playlist.
  public var rangeText: String {
    guard !rows.isEmpty else { return "" }
    let first = (page - 1) * Self.pageSize + 1
    return
      "Songs \(Self.grouped(first))–\(Self.grouped(first + rows.count - 1)) of \(Self.grouped(totalCount))"
  }

  /// Thousands separated by commas, the same in every locale.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }
}
