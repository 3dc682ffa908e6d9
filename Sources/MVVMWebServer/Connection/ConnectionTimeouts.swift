import Dispatch

/// The configured timeouts as Dispatch intervals, converted once per server: a connection arms
/// one about three times a request, and converting a `Duration` each time was a measurable part
/// of a small request.
struct ConnectionTimeouts: Sendable {
  let header: DispatchTimeInterval
  let body: DispatchTimeInterval
  let idle: DispatchTimeInterval
  let answer: DispatchTimeInterval

  init(_ configuration: ServerConfiguration) {
    header = Self.interval(configuration.headerTimeout)
    body = Self.interval(configuration.bodyTimeout)
    idle = Self.interval(configuration.idleTimeout)
    answer = Self.interval(configuration.answerTimeout)
  }

  /// A configured duration as Dispatch's interval, clamped so no setting can overflow it.
  static func interval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    let limit: Int64 = 1_000_000_000  // About 31 years: far past any timeout.
    let wholeSeconds = min(max(seconds, 0), limit)
    return .nanoseconds(Int(wholeSeconds * 1_000_000_000 + max(attoseconds, 0) / 1_000_000_000))
  }
}
