/// Reads the playlist's raw data from wherever it lives (the sample's "song fetching" role).
public protocol SongFetching: Sendable {
  /// The raw bytes of the source.
  func fetch() throws(PlaylistError) -> [UInt8]
  /// Changes whenever the source's content may have changed (a file's size and modification
  /// time); nil when it never changes.
  func version() -> String?
}
