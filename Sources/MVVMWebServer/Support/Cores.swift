import Foundation

/// How many cores the process may run on, for the threads that serve its sockets: no more than
/// its CPU affinity allows (`taskset`, a cgroup's cpuset), which Foundation's
/// `activeProcessorCount` does not read on Linux. More threads than that would take turns on a
/// core in the middle of requests.
enum Cores {
  static var available: Int {
    let counted = max(1, ProcessInfo.processInfo.activeProcessorCount)
    guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }),
      let allowed = count(inMask: line.dropFirst("Cpus_allowed:".count))
    else { return counted }
    return min(counted, allowed)
  }

  /// The cores in an affinity mask as `/proc` writes it (`Cpus_allowed`, of the calling thread,
  /// which the threads it starts inherit): hexadecimal, in groups split by commas. Nil when it
  /// allows none or is not such a mask.
  static func count(inMask mask: Substring) -> Int? {
    var count = 0
    for character in mask where character != "," && !character.isWhitespace {
      guard let digit = character.hexDigitValue else { return nil }
      count += digit.nonzeroBitCount
    }
    return count > 0 ? count : nil
  }
}
