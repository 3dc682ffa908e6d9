import MVVMWebViewModels

/// One song as the playlist table shows it: title, the artist as subtitle, and the cover.
@Outputs
public struct SongRow: Sendable, Equatable {
  public var title: String
  public var subtitle: String
  public var cover: ImageViewModel

  /// The row of the song at `position` in the playlist: the first rows of each page load their
  /// covers at once, the rest as they scroll near.
  init(song: Song, position: Int) {
    title = song.title
    subtitle = song.artistName
    cover = ImageViewModel(
      source: song.coverURL.isEmpty ? nil : .web(song.coverURL), width: 64, height: 64,
      alt: "Cover of \(song.title)",
      isActive: position % PlaylistViewModel.pageSize < PlaylistViewModel.eagerCovers,
      placeholder: Link(Asset("cover.svg")))
  }
}
