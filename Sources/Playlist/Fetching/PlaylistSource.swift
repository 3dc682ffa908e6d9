import Foundation
import MVVMWebViewModels
import Synchronization

/// The playlist as last loaded: its songs, or why it could not be loaded. It reads and parses
/// the source once, and again when the source changes (checked at most once a second), and makes
/// the songs' rows once per load, so a request pays only for a lock and a slice of the rows.
public final class PlaylistSource: Sendable {
  private struct Loaded {
    var result: Result<[Song], PlaylistError>
    /// The songs as the table's rows: they change only with the songs, so a page keeps their
    /// markup until the next load.
    var rows: [Unchanging<SongRow>]
    var version: String?
    var checkedAt: Double

    /// Whether the source was checked less than a second before `now`: not yet again.
    func isFresh(at now: Double) -> Bool { now - checkedAt < 1 }
  }

  private let fetcher: any SongFetching
  private let parser: any SongParsing
  private let state: Mutex<Loaded?> = Mutex(nil)

  public init(fetcher: any SongFetching, parser: any SongParsing = JSONSongParser()) {
    self.fetcher = fetcher
    self.parser = parser
  }

  /// The songs, or the reason they could not be loaded.
  public func current(now: Double = Date().timeIntervalSince1970) -> Result<[Song], PlaylistError> {
    load(now: now).result
  }

  /// Every song as a row of the table, or the reason they could not be loaded.
  func rows(
    now: Double = Date().timeIntervalSince1970
  ) -> Result<[Unchanging<SongRow>], PlaylistError> {
    let loaded = load(now: now)
    return loaded.result.map { _ in loaded.rows }
  }

  private func load(now: Double) -> Loaded {
    if let loaded = state.withLock({ $0 }), loaded.isFresh(at: now) { return loaded }
    let version = fetcher.version()
    if let loaded = state.withLock({ $0 }), loaded.version != nil, loaded.version == version {
      state.withLock { $0?.checkedAt = now }
      return Loaded(result: loaded.result, rows: loaded.rows, version: version, checkedAt: now)
    }
    let result: Result<[Song], PlaylistError>
    do throws(PlaylistError) {
      result = .success(try parser.parse(try fetcher.fetch()))
    } catch {
      result = .failure(error)
    }
    let songs = (try? result.get()) ?? []
    let loaded = Loaded(
      result: result, rows: songs.enumerated().map { Unchanging(SongRow(song: $1, position: $0)) },
      version: version, checkedAt: now)
    state.withLock { $0 = loaded }
    return loaded
  }

  /// Which version of the source `current` gives now (nil when the source cannot say): pages
  /// made from it are the same while it is, so a browser's copy can be confirmed without them.
  public func version(now: Double = Date().timeIntervalSince1970) -> String? {
    // While the last load is fresh, its version alone is read: copying the load out retained and
    // released its songs and rows on every revalidation.
    let fresh = state.withLock { loaded -> (version: String?, isFresh: Bool) in
      guard let loaded, loaded.isFresh(at: now) else { return (nil, false) }
      return (loaded.version, true)
    }
    return fresh.isFresh ? fresh.version : load(now: now).version
  }
}
