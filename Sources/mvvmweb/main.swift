import ArgumentParser
import Foundation
import Glibc
import MVVMWebPostgres

// Parse by hand so a bad flag gets one line and exit code 64 (EX_USAGE), not a usage screen.
do {
  var command = try MVVMWebCommand.parseAsRoot()
  try command.run()
} catch {
  let code = MVVMWebCommand.exitCode(for: error)
  if code == .validationFailure {
    let message =
      MVVMWebCommand.message(for: error).split(separator: "\n").first.map(String.init)
      ?? "invalid arguments"
    // A misplaced database URL is quoted back: never with its password.
    printError("mvvmweb: \(PostgresURL.redacted(message)) (see mvvmweb --help)")
    exit(64)
  }
  MVVMWebCommand.exit(withError: error)
}
