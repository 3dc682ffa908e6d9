import ArgumentParser
import Foundation
import MVVMWebAccounts
import MVVMWebPostgres

/// The command line of an app: `serve` (the default), `check`, `routes` and `bundle`, then the
/// app's own commands.
struct AppCommand<Application: App>: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: Application.name, abstract: Application.abstract,
      subcommands: [
        ServeCommand<Application>.self, CheckCommand<Application>.self,
        RoutesCommand<Application>.self, BundleCommand<Application>.self,
        AccountsCommand<Application>.self,
      ] + Application.commands,
      defaultSubcommand: ServeCommand<Application>.self)
  }

  /// Parses and runs; a bad flag is one line and exit code 64 (EX_USAGE), not a usage screen.
  static func run(_ arguments: [String]?) -> Never {
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      Foundation.exit(0)
    } catch let error as Accounts.ChangeError {
      printError("\(Application.name): \(error)")
      Foundation.exit(1)
    } catch {
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      let message =
        self.message(for: error).split(separator: "\n").first.map(String.init)
        ?? "invalid arguments"
      // A misplaced database URL is quoted back: never with its password.
      printError(
        "\(Application.name): \(PostgresURL.redacted(message)) (see \(Application.name) --help)")
      Foundation.exit(64)
    }
  }
}

/// Writes a line to standard error: messages for people, kept off standard output.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
