/// A song of the playlist.
public struct Song: Sendable, Equatable {
  public var title: String
  public var artistName: String
  /// The album cover's URL, as the source gave it.
  public var coverURL: String

  public init(title: String, artistName: String, coverURL: String) {
    self.title = title
    self.artistName = artistName
    self.coverURL = coverURL
  }
}
