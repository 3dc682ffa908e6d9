import ArgumentParser
import Foundation
import MVVMWebAccounts
import MVVMWebApp
import MVVMWebPostgres

/// `mvvmweb migrate-data --from sqlite:PATH --to postgres://…`: move a league, its memories and
/// the site's accounts from one database into another (README, "Several instances on
/// PostgreSQL").
struct MigrateData: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate-data",
    abstract: "Copy the league, the memories and the accounts from one database into an empty one.",
    discussion: """
      Each side is sqlite:PATH (the SQLite file, or the data folder holding mvvmweb.sqlite) or a \
      PostgreSQL URL (postgres://user:pass@host:port/db). Ids, dates and form tokens are kept, \
      and the accounts keep their passwords, passkeys and sessions. The target must hold no \
      league and no accounts; a run that stopped half-way can be run again. Pictures stay in \
      the data folder's media/ and are not copied.
      """)

  @Option(help: ArgumentHelp("Where the data is now.", valueName: "sqlite:path|url"))
  var from: String

  @Option(help: ArgumentHelp("The empty database to fill.", valueName: "sqlite:path|url"))
  var to: String

  func validate() throws {
    for (flag, value) in [("--from", from), ("--to", to)] where Place(value) == nil {
      throw ValidationError(
        "\(flag) takes sqlite:PATH or a postgres:// URL, not \(PostgresURL.redacted(value))")
    }
    if Place(from) == Place(to) { throw ValidationError("--from and --to name the same database") }
  }

  func run() throws {
    guard let source = Place(from), let target = Place(to) else { throw ExitCode(64) }
    if case .sqlite(let path) = source, !FileManager.default.fileExists(atPath: path) {
      printError("mvvmweb: there is no SQLite database at \(path)")
      throw ExitCode.failure
    }
    let sourceDatabase = try source.open()
    let targetDatabase = try target.open()
    let started = ContinuousClock.now
    let summary: DataMigration.Summary
    let accounts: AccountTransfer.Summary
    do {
      summary = try DataMigration.copy(
        from: AppStores(sourceDatabase, changes: nil), to: AppStores(targetDatabase, changes: nil))
      accounts = try AccountTransfer.copy(
        from: sourceDatabase.accountStore(), to: targetDatabase.accountStore())
    } catch let error as DataMigration.TargetNotEmpty {
      printError("mvvmweb: \(target): \(error)")
      throw ExitCode.failure
    } catch let error as DataMigration.MemoriesNotCopied {
      printError("mvvmweb: the league was copied to \(target), but \(error)")
      throw ExitCode.failure
    } catch let error as AccountTransfer.TargetHasOtherAccounts {
      printError("mvvmweb: the league and the memories were copied to \(target), but \(error)")
      throw ExitCode.failure
    }
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    print(
      summary.leagueWasThere
        ? "\(target) already had this league; \(summary.memories) memories copied again."
        : "Copied \(summary) from \(source) to \(target) in \(String(format: "%.1f", seconds)) s."
    )
    print("Copied \(accounts).")
    if summary.memories > 0 {
      print("The memories' pictures stay in files: copy media/ from the old data folder too.")
    }
  }

  /// One side of the copy.
  enum Place: Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    init?(_ text: String) {
      if text.hasPrefix("sqlite:") {
        let path = String(text.dropFirst("sqlite:".count))
        guard !path.isEmpty else { return nil }
        var isFolder: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        self = .sqlite(
          path: folder && isFolder.boolValue
            ? (path as NSString).appendingPathComponent("mvvmweb.sqlite") : path)
      } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
        self = .postgres(url: text)
      } else {
        return nil
      }
    }

    var description: String {
      switch self {
      case .sqlite(let path): "sqlite:\(path)"
      case .postgres(let url): PostgresURL.redacted(url)
      }
    }

    /// Runs `body`, which opens the database at `url`; if PostgreSQL refuses, prints the one
    /// line naming the database (never its password) and libpq's reason, and exits 1.
    private static func opening<Value>(_ url: String, _ body: () throws -> Value) throws -> Value {
      try StoreSettings(database: url).opening(as: Demo.name, body)
    }

    /// Opens the database here; one that cannot be opened stops the command with one line
    /// naming it.
    func open() throws -> AppDatabase {
      switch self {
      case .sqlite(let path): try AppDatabase(sqlite: path)
      case .postgres(let url):
        try Self.opening(url) {
          // A copy runs as long as it takes: its statements get minutes, not a page's seconds.
          try AppDatabase(postgres: url, poolSize: 2, deadline: .seconds(300))
        }
      }
    }
  }
}
