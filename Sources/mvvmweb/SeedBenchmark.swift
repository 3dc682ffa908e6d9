import ArgumentParser
import League
import WebApp

/// `mvvmweb seed-benchmark`: fill an empty league with 100 players and 10,000 matches, the
/// /rankings benchmark's workload.
struct SeedBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "seed-benchmark",
    abstract: "Fill an empty league with 100 players and 10,000 matches.")

  @Option(help: ArgumentHelp("The data folder.", valueName: "dir"))
  var data = "data"

  func run() throws {
    let store = try SQLiteLeagueStore(path: AppConfiguration(dataDirectory: data).databasePath)
    try store.seed(.benchmark(players: 100, matches: 10_000))
    print(
      "The league in \(data) has \(try store.players().count) players and \(try store.matches().count) matches."
    )
  }
}
