import MVVM

/// One song as the playlist table shows it: title, the artist as subtitle, and the cover.
@Outputs
public struct SongRow: Equatable {
  public var title: String
  public var subtitle: String
  public var cover: ImageViewModel
}
