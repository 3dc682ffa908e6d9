import Foundation
import MVVMWebViewModels
import Testing

@testable import Playlist

/// A song source held in memory, for view-model tests.
struct FixedSongs: SongFetching {
  var text: String
  func fetch() throws(PlaylistError) -> [UInt8] { Array(text.utf8) }
  func version() -> String? { nil }
}

func playlistJSON(_ count: Int) -> String {
  let songs = (1...count).map {
    #"{"title": "Song \#($0)", "artist_name": "Artist \#($0)", "cover": "https://img.test/\#($0).jpg"}"#
  }
  return #"{"result": [\#(songs.joined(separator: ","))]}"#
}

@Suite struct PlaylistParserTests {
  @Test func parsesTheSampleFormat() throws {
    let songs = try JSONSongParser().parse(
      Array(#"{"result": [{"title": "A & B", "artist_name": "<C>", "cover": "x.jpg"}]}"#.utf8))
    #expect(songs == [Song(title: "A & B", artistName: "<C>", coverURL: "x.jpg")])
  }

  @Test(arguments: [
    ("", "the file is empty"),
    ("  \n", "the file is empty"),
    ("not json", "it is not valid JSON"),
    (#"{"songs": []}"#, #"there is no "result" list of songs"#),
    (#"{"result": [{"title": "A", "cover": "x"}]}"#, #"song 1: "artist_name" is missing"#),
    (
      #"{"result": [{"title": "A", "artist_name": "B", "cover": "x"}, {"title": 7, "artist_name": "B", "cover": "x"}]}"#,
      #"song 2: "title" is a number, expected text"#
    ),
    (#"{"result": ["just text"]}"#, "song 1 is not an object"),
  ])
  func brokenSourcesSayWhy(text: String, reason: String) {
    #expect(throws: PlaylistError(reason)) { try JSONSongParser().parse(Array(text.utf8)) }
  }

  /// Tests/Fixtures/songs.json is a copy of the benchmark's ../shared/bench/songs.json.
  @Test func theBenchmarkFileParses() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../Fixtures/songs.json"
    ).standardized.path
    let songs = try JSONSongParser().parse(try FileSongFetcher(path: path).fetch())
    #expect(songs.count == 100)
  }
}

@Suite struct PlaylistViewModelTests {
  @Test func firstPageRowsAndTexts() throws {
    let viewModel = try PlaylistViewModel(
      source: PlaylistSource(fetcher: FixedSongs(text: playlistJSON(250))), page: 1)
    #expect(viewModel.rows.count == 100)
    #expect(viewModel.rows[0].title == "Song 1")
    #expect(viewModel.rows[0].subtitle == "Artist 1")
    #expect(viewModel.rows[0].cover.alt == "Cover of Song 1")
    #expect(viewModel.rows[0].cover.isActive && !viewModel.rows[20].cover.isActive)
    #expect(viewModel.countText == "250 songs")
    #expect(viewModel.rangeText == "Songs 1–100 of 250")
    #expect(viewModel.pageText == "Page 1 of 3")
    #expect(viewModel.previous == nil && viewModel.next == .page(2))
    #expect(viewModel.rows[0].cover.placeholder == Link(Asset("cover.svg")))
  }

  @Test func tenThousandSongsPagedByAHundred() throws {
    let source = PlaylistSource(fetcher: FixedSongs(text: playlistJSON(10_000)))
    let second = try PlaylistViewModel(source: source, page: 2)
    #expect(second.rangeText == "Songs 101–200 of 10,000")
    #expect(second.countText == "10,000 songs")
    #expect(second.pageText == "Page 2 of 100")
    // Rows are made once per load for the whole list; each page still starts with eager covers.
    #expect(second.rows.map(\.title).prefix(2) == ["Song 101", "Song 102"])
    #expect(second.rows[7].cover.isActive && !second.rows[8].cover.isActive)
    #expect(second.rows[99].cover.alt == "Cover of Song 200")
    let last = try PlaylistViewModel(source: source, page: 100)
    #expect(last.rangeText == "Songs 9,901–10,000 of 10,000")
    #expect(last.previous == .page(99) && last.next == nil)
    #expect(throws: Paging.OutOfRange(page: 101, pageCount: 100)) {
      try PlaylistViewModel(source: source, page: 101)
    }
    #expect(throws: Paging.OutOfRange(page: 0, pageCount: 100)) {
      try PlaylistViewModel(source: source, page: 0)
    }
  }

  @Test func lastPartialPageAndSingularCount() throws {
    let partial = try PlaylistViewModel(
      source: PlaylistSource(fetcher: FixedSongs(text: playlistJSON(150))), page: 2)
    #expect(partial.rows.count == 50)
    #expect(partial.rangeText == "Songs 101–150 of 150")
    let one = try PlaylistViewModel(
      source: PlaylistSource(fetcher: FixedSongs(text: playlistJSON(1))), page: 1)
    #expect(one.countText == "1 song")
    #expect(one.pageText == nil)
  }

  @Test func errorStateNamesTheReason() throws {
    let viewModel = try PlaylistViewModel(
      source: PlaylistSource(fetcher: FileSongFetcher(path: "/nonexistent/songs.json")), page: 1)
    #expect(viewModel.isError)
    #expect(
      viewModel.errorText
        == "The playlist could not be loaded: the file /nonexistent/songs.json does not exist")
    #expect(viewModel.rows.isEmpty)
  }

  @Test func reloadsWhenTheFileChanges() throws {
    let path = NSTemporaryDirectory() + "songs-\(UUID().uuidString.prefix(6)).json"
    try playlistJSON(3).write(toFile: path, atomically: true, encoding: .utf8)
    let source = PlaylistSource(fetcher: FileSongFetcher(path: path))
    #expect(try source.current(now: 1000).get().count == 3)
    try playlistJSON(5).write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: path)
    #expect(try source.current(now: 1000.5).get().count == 3)  // Checked at most once a second.
    #expect(try source.current(now: 1002).get().count == 5)
  }

  @Test func bundledDemoPlaylistParses() throws {
    let viewModel = try PlaylistViewModel(
      source: PlaylistSource(fetcher: BundledSongFetcher()), page: 1)
    #expect(viewModel.paging.totalCount == BundledSongFetcher.songs.count)
    #expect(!viewModel.isError)
  }
}
