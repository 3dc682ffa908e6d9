import Glibc

/// One answered request, as the access log records it.
public struct AccessLogEntry: Sendable {
  public var time: Double
  public var client: String
  public var method: String
  public var path: String
  public var status: Int
  public var bytes: Int
  public var duration: Duration

  /// `2026-11-22T16:40:01Z 127.0.0.1 GET /matches 200 5120 0.412ms`
  public var line: String {
    let milliseconds =
      Double(duration.components.attoseconds) / 1e15
      + Double(duration.components.seconds) * 1000
    let rounded = (milliseconds * 1000).rounded() / 1000
    return "\(HTTPDate.iso8601(time)) \(client) \(method) \(path) \(status) \(bytes) \(rounded)ms"
  }
}

extension ServerConfiguration {
  /// Writes each entry as one line to standard error, in a single `write` so lines never interleave.
  public static let standardErrorLog: @Sendable (AccessLogEntry) -> Void = { entry in
    let bytes = Array((entry.line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}
