import MVVMWebServer

/// Where a live page's events go: one open stream. The server's `ResponseWriter` is the real one;
/// the hub's unit tests use one that keeps what it is sent.
protocol LiveStream: Sendable {
  func write(_ bytes: [UInt8])
  /// Ends the stream cleanly, after what was written.
  func finish()
  /// Runs `handler` once when the stream ends, however it ends.
  func onEnd(_ handler: @escaping @Sendable () -> Void)
}

extension ResponseWriter: LiveStream {}
