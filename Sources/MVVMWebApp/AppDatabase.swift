import Foundation
import GRDB
import Logging
import MVVMWeb
import MVVMWebPostgres
import MVVMWebSQLite
import Synchronization

/// An app's database, opened from its store options: the SQLite file in the data folder (the
/// embedded default), or the PostgreSQL database several instances share. Every store of the
/// app (the accounts' included) is built on it and reached through its `executor`, whose
/// threads are sized for the database, every wait bounded by `deadline`.
public final class AppDatabase: Sendable {
  /// What the stores are built on.
  public enum Storage: Sendable {
    /// One SQLite file in WAL mode.
    case sqlite(SQLiteDatabase)
    /// A PostgreSQL pool, and the URL its listeners connect with.
    case postgres(PostgresPool, url: String)
  }

  /// The database itself.
  public let storage: Storage
  /// The store's own threads: SQLite's one writer and a few readers, or one per PostgreSQL
  /// connection.
  public let executor: StoreExecutor
  /// How long a request may wait for the store in all (a free thread, a lock, the answer).
  public let deadline: Duration
  /// Reads one value: whether the database can be reached now (`/readyz`).
  let probe: @Sendable () throws -> Void
  /// The listeners `follow` started, kept while the database is.
  private let listeners = Mutex<[PostgresListener]>([])
  /// The timers that read an SQLite file's notices (`listen`), stopped with the database.
  private let noticeTimers = Mutex<[SQLiteNotices.Timer]>([])

  /// The SQLite file at `path`, created (with its folder) if needed, read by `readers` threads.
  /// A write waits for another process's lock until its call's deadline
  /// (`StoreCallDeadline`), so one that started late, behind another that waited, still answers
  /// in time; outside a store call (migrations at start-up), for `deadline`.
  public init(sqlite path: String, readers: Int = 4, deadline: Duration = .seconds(3)) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    configuration.busyMode = .callback { tries in
      let left = StoreCallDeadline.timeLeft ?? deadline - Self.busyPause * tries
      guard left > .zero else { return false }
      Thread.sleep(forTimeInterval: Self.seconds(min(left, Self.busyPause)))
      return true
    }
    let database = try SQLiteDatabase(path: path, configuration: configuration)
    storage = .sqlite(database)
    executor = StoreExecutor(readers: readers, writers: 1, deadline: deadline)
    self.deadline = deadline
    probe = { _ = try database.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT 1") } }
  }

  /// The PostgreSQL database at `url`, on `poolSize` connections (two at least) whose every
  /// wait ends within `deadline`. A malformed URL, a server that cannot be reached or refused
  /// credentials throw here, at start, never at the first request.
  public init(postgres url: String, poolSize: Int, deadline: Duration = .seconds(3)) throws {
    let size = max(2, poolSize)
    let pool = try PostgresPool(
      url: url, size: size, wait: deadline,
      limits: PostgresLimits(connect: deadline, statement: deadline))
    storage = .postgres(pool, url: url)
    // As many threads as connections, so a thread never waits for one.
    let writers = max(1, size / 4)
    executor = StoreExecutor(readers: size - writers, writers: writers, deadline: deadline)
    self.deadline = deadline
    probe = { try pool.withConnection { connection in _ = try connection.query("SELECT 1") } }
  }

  /// Publishes on `changes` the topics every instance's stores announce with `NOTIFY` (a
  /// channel a topic) on a shared PostgreSQL database, so live pages follow writes made through
  /// any instance. With SQLite there is one instance: its stores publish on `changes` directly,
  /// and this does nothing.
  public func follow(_ topics: [ChangeTopic], on changes: ChangeFeed) throws {
    try listen(to: topics.map(\.name)) { channel, _ in changes.publish(ChangeTopic(channel)) }
  }

  /// Calls `heard` with the payload of every notice on `channel` (a plain lowercase word) that
  /// any process sends: on a shared PostgreSQL database every instance's `NOTIFY`, and nil when
  /// some may have been missed (the connection that listens was lost, and is back); on SQLite
  /// the notices of the commands run beside the server, read twice a second (`SQLiteNotices`).
  public func listen(to channel: String, _ heard: @escaping @Sendable (String?) -> Void) throws {
    guard case .sqlite(let file) = storage else {
      return try listen(to: [channel]) { _, payload in heard(payload) }
    }
    let seen = Mutex(try SQLiteNotices.newest(in: file))
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "mvvmweb.notices"))
    timer.schedule(deadline: .now() + SQLiteNotices.interval, repeating: SQLiteNotices.interval)
    timer.setEventHandler {
      // One small read on the timer's own queue: no request's thread, no store lane waits.
      guard let notices = try? SQLiteNotices.after(seen.withLock { $0 }, on: channel, in: file)
      else { return }
      for notice in notices { heard(notice.payload) }
      if let last = notices.last { seen.withLock { $0 = last.id } }
    }
    timer.resume()
    let kept = SQLiteNotices.Timer(source: timer)
    noticeTimers.withLock { $0.append(kept) }
  }

  /// Sends `payload` to every process listening on `channel` (this one too), on the store's
  /// write lane: PostgreSQL's `NOTIFY`, or a row of the SQLite file's notices.
  public func notify(_ channel: String, _ payload: String) async throws {
    switch storage {
    case .postgres(let pool, _):
      try await executor.write {
        try pool.withConnection { connection in
          _ = try connection.query("SELECT pg_notify($1, $2)", [channel, payload])
        }
      }
    case .sqlite(let file):
      try await executor.write { try SQLiteNotices.send(channel, payload, in: file) }
    }
  }

  private func listen(
    to channels: [String], _ heard: @escaping @Sendable (String, String?) -> Void
  ) throws {
    guard case .postgres(_, let url) = storage else { return }
    let listener = try PostgresListener(
      url: url, channels: channels, logger: Logger(label: "mvvmweb"), notify: heard)
    listeners.withLock { $0.append(listener) }
  }

  deinit {
    noticeTimers.withLock { timers in for timer in timers { timer.source.cancel() } }
  }

  /// Whether the database answers now, on the store's threads within their deadline.
  public func isReachable() async throws {
    try await executor.read(probe)
  }

  /// How long a write waits between two tries at a lock another connection holds.
  private static let busyPause = Duration.milliseconds(5)

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
