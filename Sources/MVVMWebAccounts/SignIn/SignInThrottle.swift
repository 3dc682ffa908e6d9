import Foundation

/// How sign-in failures slow the next tries: after five failures in a row for an account, or
/// from an address, each try must wait twice as long as the one before (1 s after the fifth,
/// 2 s after the sixth, …, 15 minutes at most). The account is never locked for good: its right
/// password works once the wait is over, and clears its count. NIST SP 800-63B asks for at most
/// 100 failures in a row; at these waits that takes more than a day.
enum SignInThrottle {
  /// Failures that cost no wait.
  static let free = 5
  /// The longest wait, in seconds.
  static let longest = 900

  /// The keys the failures of `name` from `client` are counted under: the account's first.
  static func keys(name: String, client: String) -> [String] {
    ["account:" + AccountName.key(name), "address:" + client]
  }

  /// Seconds still to wait at `time` after `failures`; nil when a try may be made.
  static func wait(after failures: FailureCount, at time: Date) -> Int? {
    guard failures.count >= free else { return nil }
    let doublings = min(failures.count - free, 10)
    let wait = min(1 << doublings, longest)
    let left = Double(wait) - time.timeIntervalSince(failures.last)
    return left > 0 ? Int(left.rounded(.up)) : nil
  }
}
