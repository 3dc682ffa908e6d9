/// Lets a repeated log line through at most once per `interval`, counting the events held back,
/// so a flood (of connections, of EMFILE) cannot flood the log too.
struct LogThrottle {
  let interval: Duration
  private var last: ContinuousClock.Instant?
  private var events = 0

  init(every interval: Duration) {
    self.interval = interval
  }

  /// Counts one event; when a line is due, returns how many events it stands for (this one
  /// included), else nil.
  mutating func admit(now: ContinuousClock.Instant = .now) -> Int? {
    events += 1
    guard last.map({ now - $0 >= interval }) ?? true else { return nil }
    last = now
    defer { events = 0 }
    return events
  }
}
