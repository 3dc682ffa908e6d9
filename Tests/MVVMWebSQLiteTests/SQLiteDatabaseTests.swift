import Dispatch
import Foundation
import GRDB
import MVVMWebSQLite
import Synchronization
import Testing

/// `SQLiteDatabase` on a real file: reads on its own read-only connections, one per read running
/// at once and kept for the next, beside the pool's writes.
@Suite struct SQLiteDatabaseTests {
  let database: SQLiteDatabase

  init() throws {
    database = try SQLiteDatabase(
      path: NSTemporaryDirectory() + "mvvmweb-sqlite-\(UUID().uuidString.prefix(8)).sqlite")
    try database.pool.write { db in try db.execute(sql: "CREATE TABLE item (n INTEGER)") }
  }

  private func count(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? -1
  }

  private func insert() throws {
    try database.pool.write { db in try db.execute(sql: "INSERT INTO item VALUES (1)") }
  }

  @Test func readsSeeEachCommitAndReuseOneConnection() throws {
    #expect(database.readersOpened == 0)
    #expect(try database.unsafeRead(count) == 0)
    try insert()
    #expect(try database.read(count) == 1)
    try insert()
    #expect(try database.unsafeRead(count) == 2)
    #expect(database.readersOpened == 1)
  }

  /// Runs `during` while another thread is inside a read, then lets that read end, and
  /// returns what it returned (7, or nil when it failed).
  private func whileAReadRuns(_ during: () throws -> Void) throws -> Int? {
    let inside = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Int?>(nil)
    let database = database
    Thread.detachNewThread {
      let value = try? database.read { db in
        inside.signal()
        release.wait()
        return try Int.fetchOne(db, sql: "SELECT 7")
      }
      result.withLock { $0 = value ?? nil }
      done.signal()
    }
    inside.wait()
    do {
      try during()
    } catch {
      release.signal()
      done.wait()
      throw error
    }
    release.signal()
    done.wait()
    return result.withLock { $0 }
  }

  @Test func readsRunningAtOnceHaveAConnectionEach() throws {
    _ = try whileAReadRuns {
      let seen = try database.read(count)
      #expect(seen == 0 && database.readersOpened == 2)
    }
    for _ in 0..<5 { _ = try database.read(count) }
    #expect(database.readersOpened == 2)
  }

  /// `read` is one transaction: a commit made while it runs is not seen inside it, and is by
  /// the next read.
  @Test func aReadSeesOneStateOfTheFile() throws {
    let database = database
    let (before, after) = try database.read { db in
      let before = try count(db)
      let written = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        _ = try? database.pool.write { db in try db.execute(sql: "INSERT INTO item VALUES (1)") }
        written.signal()
      }
      written.wait()
      return (before, try count(db))
    }
    #expect((before, after) == (0, 0))
    #expect(try database.unsafeRead(count) == 1)
  }

  @Test func aReaderCannotWrite() throws {
    #expect {
      try database.read { db in try db.execute(sql: "INSERT INTO item VALUES (1)") }
    } throws: { error in
      (error as? DatabaseError)?.resultCode == .SQLITE_READONLY
    }
    #expect(try database.unsafeRead(count) == 0)
  }

  @Test func closingClosesTheReadersAndThePool() throws {
    _ = try database.read(count)
    try database.close()
    #expect(throws: DatabaseError.self) { try insert() }
    #expect {
      try database.unsafeRead(count)
    } throws: { error in
      (error as? DatabaseError)?.resultCode == .SQLITE_MISUSE
    }
    #expect(database.readersOpened == 1)
  }

  /// A read running while the database is closed ends normally, and its connection is closed
  /// rather than kept: the next read is refused without opening one.
  @Test func aReadRunningAtCloseClosesItsConnectionWhenItEnds() throws {
    let value = try whileAReadRuns { try database.close() }
    #expect(value == 7)
    #expect(throws: DatabaseError.self) { try database.read(count) }
    #expect(database.readersOpened == 1)
  }

}
