import Foundation
import MVVMWebApp

extension StoreOptions {
  /// The demo's stores in the database these options name, as `mvvmweb serve` opens it, for a
  /// command that works on the data (nothing listens for other instances' writes).
  func demoStores() throws -> AppStores {
    try settings.opening(as: Demo.name) {
      try AppStores(settings.open(name: Demo.name), changes: nil)
    }
  }
}

/// Writes a line to standard error: messages for people, kept off standard output.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
