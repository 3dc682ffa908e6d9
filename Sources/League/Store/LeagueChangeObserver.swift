import GRDB
import MVVMWebViewModels

extension ChangeTopic {
  /// Players, matches and the standings: what `/matches`, `/rankings` and the match forms read.
  public static let league = ChangeTopic("league")
}

/// Publishes `.league` once after each committed transaction that wrote to the league's tables,
/// whoever wrote it through the store's pool (a form, the seeding, a migration), and never for
/// one that rolled back, after dropping the store's kept reads. The database file is shared with
/// other features, so only the league's tables count.
final class LeagueChangeObserver: TransactionObserver, @unchecked Sendable {
  // `changed` is touched only on the database's writer queue, where GRDB calls observers.
  private var changed = false
  private let feed: ChangeFeed
  /// Drops the store's kept reads.
  private let forget: @Sendable () -> Void

  static let tables: Set<String> = ["player", "match", "matchPlayer"]

  init(feed: ChangeFeed, forget: @escaping @Sendable () -> Void) {
    self.feed = feed
    self.forget = forget
  }

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
    Self.tables.contains(eventKind.tableName)
  }

  func databaseDidChange(with event: DatabaseEvent) {
    changed = true
    stopObservingDatabaseChangesUntilNextTransaction()
  }

  func databaseDidCommit(_ db: Database) {
    guard changed else { return }
    changed = false
    forget()
    feed.publish(.league)
  }

  func databaseDidRollback(_ db: Database) {
    changed = false
  }
}
