import Foundation
import Synchronization

/// The playlist as last loaded: its songs, or why it could not be loaded. It reads and parses
/// the source once, and again when the source changes (checked at most once a second), so a
/// request pays only for a lock and an array copy.
public final class PlaylistSource: Sendable {
  private struct Loaded {
    var result: Result<[Song], PlaylistError>
    var version: String?
    var checkedAt: Double
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
    if let loaded = state.withLock({ $0 }), now - loaded.checkedAt < 1 { return loaded.result }
    let version = fetcher.version()
    if let loaded = state.withLock({ $0 }), loaded.version != nil, loaded.version == version {
      state.withLock { $0?.checkedAt = now }
      return loaded.result
    }
    let result: Result<[Song], PlaylistError>
    do throws(PlaylistError) {
      result = .success(try parser.parse(try fetcher.fetch()))
    } catch {
      result = .failure(error)
    }
    state.withLock { $0 = Loaded(result: result, version: version, checkedAt: now) }
    return result
  }

  /// Which version of the source `current` gives now (nil when the source cannot say): pages
  /// made from it are the same while it is, so a browser's copy can be confirmed without them.
  public func version(now: Double = Date().timeIntervalSince1970) -> String? {
    _ = current(now: now)
    return state.withLock { $0?.version }
  }
}
