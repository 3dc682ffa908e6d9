import ArgumentParser
import MVVMWebApp
import MVVMWebPostgres

/// `mvvmweb seed-benchmark`: fill an empty league with 100 players and 10,000 matches, the
/// /rankings benchmark's workload, or with as many as `--players` and `--matches` say (a long
/// live list for `scripts/bench-live --players 1000`).
struct SeedBenchmark: ParsableCommand {
  /// The largest league it makes: /rankings of 100,000 players is about 13 MB of HTML, and a
  /// million matches take minutes and over a gigabyte to write; past that it is a typo, not a
  /// benchmark.
  static let allowedPlayers = 4...100_000
  static let allowedMatches = 0...1_000_000

  static let configuration = CommandConfiguration(
    commandName: "seed-benchmark",
    abstract: "Fill an empty league with 100 players and 10,000 matches (or --players, --matches).")

  @OptionGroup var store: StoreOptions

  @Option(
    help: ArgumentHelp(
      "Players in the league, from \(SeedBenchmark.allowedPlayers.lowerBound) (a two-a-side match needs four) to \(SeedBenchmark.allowedPlayers.upperBound).",
      valueName: "count"))
  var players = 100

  @Option(
    help: ArgumentHelp(
      "Matches played, from \(SeedBenchmark.allowedMatches.lowerBound) (every rating 0.00) to \(SeedBenchmark.allowedMatches.upperBound).",
      valueName: "count"))
  var matches = 10_000

  func validate() throws {
    for (flag, value, allowed) in [
      ("--players", players, Self.allowedPlayers), ("--matches", matches, Self.allowedMatches),
    ] where !allowed.contains(value) {
      throw ValidationError(
        "\(flag) must be from \(allowed.lowerBound) to \(allowed.upperBound), not \(value)")
    }
  }

  func run() throws {
    let league = try store.demoStores().league
    try league.seed(.benchmark(players: players, matches: matches))
    let place = store.settings.place
    print(
      "The league in \(place) has \(try league.players().count) players and \(try league.matches(limit: 0, offset: 0).totalCount) matches."
    )
  }
}
