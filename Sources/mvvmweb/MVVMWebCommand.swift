import ArgumentParser

/// `mvvmweb`: serve the apps (the default), check the templates, import memories.
struct MVVMWebCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mvvmweb",
    abstract: "Server-rendered MVVM web apps: League, Playlist, Users and Memories.",
    subcommands: [
      Serve.self, CheckTemplates.self, ImportMemories.self, SeedBenchmark.self, MigrateData.self,
    ],
    defaultSubcommand: Serve.self)
}
