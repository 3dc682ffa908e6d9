/// How live pages stream: how many may be open, how often they hear a heartbeat, how soon a
/// browser reconnects, and how large a page may grow before it stops following its data.
public struct LiveSettings: Sendable {
  /// Streams open at once; one more is refused with 503 (the page itself still works).
  public var maxStreams: Int
  /// Different pages followed at once (each one is rendered on every change of its data, however
  /// many streams follow it); a stream for one more is refused with 503.
  public var maxPages: Int
  /// The most HTML one live element may have. A larger one is not sent: its viewers are told
  /// to reload to see changes, and it is logged once.
  public var maxElementBytes: Int
  /// How often every stream gets a comment line, so proxies keep it and dead readers are found.
  public var heartbeat: Duration
  /// How long a browser waits before reconnecting a stream that broke (the `retry:` hint).
  public var retry: Duration

  /// Settings for live pages; the defaults suit one server with a few thousand open pages.
  /// `maxStreams: 0` turns live updates off, and the forms' live inputs with them
  /// (`InputEventsOff`): every page and every form still works.
  public init(
    maxStreams: Int = 10_000, maxPages: Int = 1_000, maxElementBytes: Int = 512 * 1024,
    heartbeat: Duration = .seconds(15), retry: Duration = .seconds(2)
  ) {
    self.maxStreams = maxStreams
    self.maxPages = maxPages
    self.maxElementBytes = maxElementBytes
    self.heartbeat = heartbeat
    self.retry = retry
  }
}
