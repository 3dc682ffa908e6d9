/// Writes a streamed response body. Each `write` is sent as one chunk right away; `finish` ends
/// the body. Safe to call from any queue: the connection serializes the calls. Writes after the
/// stream has ended (finished, the client gone, dropped for not reading, or a shutdown) do nothing.
public struct ResponseWriter: Sendable {
  let sendChunk: @Sendable ([UInt8]) -> Void
  let sendEnd: @Sendable () -> Void
  let whenEnded: @Sendable (@escaping @Sendable () -> Void) -> Void

  /// Sends `bytes` as one chunk; nothing for no bytes (an empty chunk would end the body).
  public func write(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    sendChunk(bytes)
  }

  /// Sends `text`, as UTF-8, as one chunk.
  public func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// Ends the body; later writes do nothing.
  public func finish() {
    sendEnd()
  }

  /// Runs `handler` once when the stream ends, however it ends; at once if it already has. A
  /// subscriber list uses it to forget streams nobody reads any more.
  public func onEnd(_ handler: @escaping @Sendable () -> Void) {
    whenEnded(handler)
  }
}
