import Synchronization

/// The files `StaticFiles` keeps in memory, ready to send (their bytes and gzip body), held to a
/// byte budget that every folder given the same cache shares: past it, the files served least
/// recently are let go first. A file is kept together with what `stat` said of it when it was
/// read, and served from here only while `stat` still says the same, so a file changed or
/// removed on disk is read again or refused, never sent as it was.
///
/// A site's configuration has one (`SiteConfiguration.fileCache`), which its public folder
///
/// ```swift
/// let files = try StaticFiles(
///   root: configuration.publicDirectory, cache: configuration.fileCache)
/// ```
///
/// and the memories' media share:
///
/// ```swift
/// let media = try StaticFiles(
///   root: mediaDirectory, cacheControl: "public, max-age=31536000, immutable",
///   cache: site.configuration.fileCache)
/// ```
public final class FileCache: Sendable {
  /// The most bytes the kept files may hold together; a file larger than this is sent, not kept.
  public let budget: Int

  private struct Entry {
    let file: StaticFile
    let version: FileVersion
    let cost: Int
    /// When it was last served, on the cache's own count of uses.
    var lastUse: UInt64
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var bytes = 0
    var uses: UInt64 = 0
  }

  private let state = Mutex(State())
  /// Files let go are given back to the system, not kept by the allocator beside those kept.
  private let trim = MemoryTrim()

  /// A cache of at most `budget` bytes (64 MiB by default); a negative budget keeps nothing.
  public init(budget: Int = 64 << 20) {
    self.budget = max(0, budget)
  }

  /// The bytes the kept files hold now.
  public var byteCount: Int { state.withLock { $0.bytes } }

  /// The file kept for `path`, if it was read when `stat` said `version`.
  func file(at path: String, version: FileVersion) -> StaticFile? {
    state.withLock { state in
      guard let entry = state.entries[path], entry.version == version else { return nil }
      state.uses += 1
      state.entries[path]?.lastUse = state.uses
      return entry.file
    }
  }

  /// Keeps `file`, read from `path` when `stat` said `version`, letting go of the files served
  /// least recently until it fits. One larger than the whole budget is not kept.
  func keep(_ file: StaticFile, at path: String, version: FileVersion) {
    let cost = file.byteCount
    let letGo = state.withLock { state -> Bool in
      var letGo = false
      if let old = state.entries.removeValue(forKey: path) {
        state.bytes -= old.cost
        letGo = true
      }
      guard cost <= budget else { return letGo }
      if state.bytes + cost > budget {
        // One sort for a whole eviction, on a miss only: a miss reads a file from disk anyway.
        let oldestFirst = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (oldPath, old) in oldestFirst where state.bytes + cost > budget {
          state.entries[oldPath] = nil
          state.bytes -= old.cost
          letGo = true
        }
      }
      state.uses += 1
      state.entries[path] = Entry(file: file, version: version, cost: cost, lastUse: state.uses)
      state.bytes += cost
      return letGo
    }
    if letGo { trim.soon() }
  }

  /// Lets go of what is kept for `path` (the file is gone).
  func forget(_ path: String) {
    let letGo = state.withLock { state in
      state.entries.removeValue(forKey: path).map { state.bytes -= $0.cost } != nil
    }
    if letGo { trim.soon() }
  }
}
