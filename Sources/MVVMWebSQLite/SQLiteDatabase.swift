import GRDB
import Synchronization

/// An app's SQLite file in WAL mode, shared by its stores: GRDB's `DatabasePool` for writes,
/// migrations and transaction observers, and read-only connections of its own that reads
/// borrow one at a time.
///
/// Why not the pool's readers: borrowing one from GRDB's `Pool` costs about 27,000
/// instructions (a semaphore, a barrier on a concurrent queue, key paths built at run time),
/// more than most of the league's queries themselves. Here a read takes an idle connection
/// from a list under a lock, or opens one, and puts it back: as many connections as reads ever
/// ran at once, which the store's read threads bound. SQLite's WAL lets any number of readers
/// work beside the one writer, whichever connection they came from.
///
/// The readers are opened after the migrations (on first use), and keep each their own
/// statement cache: a schema changed later, while the app runs, is not for them.
public final class SQLiteDatabase: Sendable {
  /// The file's one pool (GRDB's rule), for writes, migrations and observers.
  public let pool: DatabasePool
  private let path: String
  private let readerConfiguration: Configuration
  private let readers = Mutex(Readers())
  private let opened = Atomic(0)

  /// The file at `path`, created if needed, in WAL mode. `configuration` applies to the
  /// readers too (read-only), so a busy timeout set there bounds their waits as well.
  public init(path: String, configuration: Configuration = Configuration()) throws {
    pool = try DatabasePool(path: path, configuration: configuration)
    self.path = path
    var reading = configuration
    reading.readonly = true
    readerConfiguration = reading
  }

  /// Runs `body` in one read-only transaction: every statement in it sees the same committed
  /// state of the file.
  public func read<T>(_ body: (Database) throws -> T) throws -> T {
    try borrowingReader { reader in try reader.read(body) }
  }

  /// Runs `body` outside a transaction, so each statement sees the latest commit: for one
  /// statement, where a transaction only adds a `BEGIN` and a `COMMIT`.
  public func unsafeRead<T>(_ body: (Database) throws -> T) throws -> T {
    try borrowingReader { reader in try reader.unsafeRead(body) }
  }

  /// Closes the readers and the pool, as a stop or a restart does. A read after this throws
  /// GRDB's "connection is closed"; a read still running closes its connection when it ends.
  /// Every connection is closed even when one fails to; the first failure is thrown.
  public func close() throws {
    let idle = readers.withLock { readers in
      readers.closed = true
      defer { readers.idle.removeAll() }
      return readers.idle
    }
    var failure: (any Error)?
    for reader in idle {
      do { try reader.close() } catch { failure = failure ?? error }
    }
    do { try pool.close() } catch { failure = failure ?? error }
    if let failure { throw failure }
  }

  /// How many read connections have been opened so far (for tests and diagnostics).
  public var readersOpened: Int { opened.load(ordering: .relaxed) }

  private func borrowingReader<T>(_ body: (DatabaseQueue) throws -> T) throws -> T {
    let reader =
      try readers.withLock { readers throws(DatabaseError) in
        guard !readers.closed else {
          throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "Connection is closed")
        }
        return readers.idle.popLast()
      } ?? openReader()
    defer { giveBack(reader) }
    return try body(reader)
  }

  /// Keeps `reader` for the next read, or closes it when the database was closed meanwhile.
  private func giveBack(_ reader: DatabaseQueue) {
    let kept = readers.withLock { readers in
      if !readers.closed { readers.idle.append(reader) }
      return !readers.closed
    }
    if !kept { try? reader.close() }
  }

  private func openReader() throws -> DatabaseQueue {
    let reader = try DatabaseQueue(path: path, configuration: readerConfiguration)
    opened.add(1, ordering: .relaxed)
    return reader
  }
}

/// The read connections not in use, and whether `close()` has been called.
private struct Readers {
  var idle: [DatabaseQueue] = []
  var closed = false
}
