import ArgumentParser
import MVVMWebApp
import Memories

/// `mvvmweb import-memories PATH`: import a JSON file of memory records (README, "Memories data").
struct ImportMemories: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import-memories",
    abstract: "Import memory records from a JSON file; exits 1 if any record was refused.")

  @Argument(
    help: ArgumentHelp(
      "The JSON file: a list of records, or {\"items\": [...]}.", valueName: "path"))
  var path: String

  @OptionGroup var store: StoreOptions

  func run() throws {
    let store = try store.demoStores().memories
    let report = try MemoriesImporter(store: store).importFile(at: path)
    print(report.summary)
    if !report.problems.isEmpty { throw ExitCode.failure }
  }
}
