import Foundation

/// Writes a line to standard error: messages for people, kept off standard output.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
