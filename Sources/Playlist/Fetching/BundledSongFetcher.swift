import Foundation

/// The demo playlist shown when no `--songs` file is given: a few songs, in the sample's format,
/// with characters that need escaping so the page proves it escapes them.
public struct BundledSongFetcher: SongFetching {
  static let songs: [(title: String, artist: String)] = [
    ("Both Sides Now", "Joni Mitchell"), ("Smalltown Boy", "Bronski Beat"),
    ("Rock & Roll", "The Velvet Underground"),
    ("Don't Stop Me Now", "Queen"), ("Heroes", "David Bowie"),
    ("Once in a Lifetime", "Talking Heads"),
    ("Dancing On My Own", "Robyn"), ("Hounds of Love", "Kate Bush"),
    ("Lose Yourself to Dance", "Daft Punk"),
    ("Strange Fruit", "Billie Holiday"), ("\"Heroes\" (Live)", "David Bowie"),
    ("A Case of You", "Joni Mitchell"),
    ("Running Up That Hill", "Kate Bush"), ("I Feel Love", "Donna Summer"),
    ("Blue Monday", "New Order"),
    ("Paper Planes", "M.I.A."), ("Hey Ya!", "OutKast"), ("Common People", "Pulp"),
    ("Teardrop", "Massive Attack"), ("Crazy in Love", "Beyoncé & Jay-Z"),
    ("Waterloo Sunset", "The Kinks"),
    ("Superstition", "Stevie Wonder"), ("Pink + White", "Frank Ocean"),
    ("Bizarre Love Triangle", "New Order"),
  ]

  public init() {}

  public func fetch() throws(PlaylistError) -> [UInt8] {
    let records = Self.songs.map {
      ["title": $0.title, "artist_name": $0.artist, "cover": "/static/cover.svg"]
    }
    guard let data = try? JSONSerialization.data(withJSONObject: ["result": records]) else {
      throw PlaylistError("the demo playlist could not be built")
    }
    return [UInt8](data)
  }

  /// Built into the binary: it never changes while the process runs.
  public func version() -> String? { "bundled" }
}
