/// How live pages stream: how many may be open, how often they hear a heartbeat, and how soon a
/// browser reconnects.
public struct LiveSettings: Sendable {
  /// Streams open at once; one more is refused with 503 (the page itself still works).
  public var maxStreams: Int
  /// How often every stream gets a comment line, so proxies keep it and dead readers are found.
  public var heartbeat: Duration
  /// How long a browser waits before reconnecting a stream that broke (the `retry:` hint).
  public var retry: Duration

  public init(
    maxStreams: Int = 10_000, heartbeat: Duration = .seconds(15), retry: Duration = .seconds(2)
  ) {
    self.maxStreams = maxStreams
    self.heartbeat = heartbeat
    self.retry = retry
  }
}
