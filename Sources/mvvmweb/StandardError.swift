import ArgumentParser
import Foundation

/// Writes a line to standard error: messages for people, kept off standard output.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Stops with one clear line when a folder the server needs is missing: its absolute path, and
/// the flag that names another (the usual cause is running from outside the project folder).
func requireFolder(_ path: String, _ what: String, flag: String) throws {
  var isFolder: ObjCBool = false
  guard !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) || !isFolder.boolValue
  else { return }
  let absolute = URL(
    fileURLWithPath: path,
    relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  ).standardizedFileURL.path
  printError(
    "mvvmweb: the \(what) folder \(absolute) does not exist; run from the project folder or pass \(flag) DIR"
  )
  throw ExitCode.failure
}
