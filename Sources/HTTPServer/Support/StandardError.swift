import Glibc

/// Writes one line to standard error in a single `write`, so lines from many connections never
/// interleave.
func writeErrorLine(_ message: String) {
  let line = Array(("error: " + message + "\n").utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
