import ArgumentParser
import Foundation
import Glibc

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
    printError("mvvmweb: \(message) (see mvvmweb --help)")
    exit(64)
  }
  MVVMWebCommand.exit(withError: error)
}
