import ArgumentParser
import MVVMWebPostgres
import WebApp

/// `mvvmweb seed-benchmark`: fill an empty league with 100 players and 10,000 matches, the
/// /rankings benchmark's workload.
struct SeedBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "seed-benchmark",
    abstract: "Fill an empty league with 100 players and 10,000 matches.")

  @Option(help: ArgumentHelp("The data folder.", valueName: "dir"))
  var data = "data"

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.openStores(data: data).league
    try store.seed(.benchmark(players: 100, matches: 10_000))
    let place = database.url.map(PostgresURL.redacted) ?? data
    print(
      "The league in \(place) has \(try store.players().count) players and \(try store.matches(limit: 0, offset: 0).totalCount) matches."
    )
  }
}
