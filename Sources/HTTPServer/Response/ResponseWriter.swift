/// Writes a streamed response body. Each `write` is sent as one chunk right away; `finish` ends
/// the body. Safe to call from any queue: the connection serializes the calls.
public struct ResponseWriter: Sendable {
  let sendChunk: @Sendable ([UInt8]) -> Void
  let sendEnd: @Sendable () -> Void

  public func write(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    sendChunk(bytes)
  }

  public func write(_ text: String) {
    write(Array(text.utf8))
  }

  public func finish() {
    sendEnd()
  }
}
