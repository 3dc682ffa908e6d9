import MVVMWebViewModels

/// One page of the playlist: up to 100 songs as rows, the count, the range shown and paging; or,
/// when the source could not be loaded, an error state that says why.
@Outputs
public struct PlaylistViewModel {
  public static let pageSize = 100
  /// Covers in the first rows load at once; the rest load as they scroll near (lazy).
  static let eagerCovers = 8

  public let rows: [Unchanging<SongRow>]
  /// Which page this is, of how many songs.
  @OutputIgnored public let paging: Paging
  /// Why the playlist could not be loaded; nil when it was.
  public let errorText: String?

  /// The page `page` (from 1) of what `source` holds now; a page before the first or past the
  /// last is refused (the coordinator answers 404).
  public init(source: PlaylistSource, page: Int) throws(Paging.OutOfRange) {
    switch source.rows() {
    case .failure(let error):
      rows = []
      paging = try Paging(page: 1, size: Self.pageSize, totalCount: 0)
      errorText = "The playlist could not be loaded: \(error.reason)"
    case .success(let all):
      paging = try Paging(page: page, size: Self.pageSize, totalCount: all.count)
      rows = Array(all[paging.offset..<min(paging.offset + Self.pageSize, all.count)])
      errorText = nil
    }
  }

  public var title: String { "Playlist" }
  public var isError: Bool { errorText != nil }
  public var isEmpty: Bool { !isError && paging.totalCount == 0 }
  /// The page before this one, if there is one.
  public var previous: PlaylistDestination? { paging.previousPage.map { .page($0) } }
  /// The page after this one, if there is one.
  public var next: PlaylistDestination? { paging.nextPage.map { .page($0) } }
  /// "Page 2 of 3" when the playlist takes more than one page; nil when it fits on one.
  public var pageText: String? { paging.pageText }

  /// "1 song", "100 songs", "10,000 songs".
  public var countText: String {
    paging.totalCount == 1 ? "1 song" : "\(Paging.grouped(paging.totalCount)) songs"
  }

  /// "Songs 101–200 of 10,000"; empty for an empty playlist.
  public var rangeText: String { paging.rangeText("Songs", shown: rows.count) }
}
