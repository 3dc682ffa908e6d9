import Glibc
import Logging

/// swift-log's records as one line each on standard error, written with a single `write` so lines
/// from many connections never interleave. Every line starts with a UTC timestamp (milliseconds)
/// and the level.
///
/// - `text`: `2026-11-23T10:11:12.345Z info GET /matches 200 5120 0.412ms client=… request-id=…`
/// - `json`: one object per line, `{"time":…,"level":…,"message":…,` then the metadata.
///
/// Values come from requests (paths, user agents), so nothing in them can start a new line or
/// fake a field: text quotes a value with spaces, quotes or controls as a JSON string; JSON
/// escapes as JSON does.
package struct LineLogHandler: LogHandler {
  /// How lines are written (`--log-format`).
  package enum Format: String, Sendable, CaseIterable {
    /// `text` for people, `json` (one object per line) for log shippers.
    case text, json
  }

  package var metadata: Logger.Metadata = [:]
  package var logLevel: Logger.Level
  let format: Format
  let output: @Sendable (String) -> Void

  /// A handler writing `format` lines of `level` and above to `output` (standard error by default;
  /// a test collects them).
  /// ```swift
  /// LoggingSystem.bootstrap { _ in LineLogHandler(format: format, level: level) }
  /// ```
  package init(
    format: Format, level: Logger.Level = .info,
    output: @escaping @Sendable (String) -> Void = LineLogHandler.standardError
  ) {
    self.format = format
    self.logLevel = level
    self.output = output
  }

  package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  package func log(event: LogEvent) {
    var merged = metadata
    if let extra = event.metadata { merged.merge(extra) { _, new in new } }
    let fields = merged.sorted { $0.key < $1.key }.map {
      ($0.key, Self.capped($0.value.description))
    }
    let time = Self.timestamp()
    switch format {
    case .text:
      var line = "\(time) \(event.level) \(Self.sanitized(event.message.description))"
      for (key, value) in fields { line += " \(key)=\(Self.textValue(value))" }
      output(line + "\n")
    case .json:
      var line = "{\"time\":\(Self.jsonString(time)),\"level\":\(Self.jsonString("\(event.level)"))"
      line += ",\"message\":\(Self.jsonString(event.message.description))"
      for (key, value) in fields {
        line += ",\(Self.jsonString(key)):\(Self.jsonString(value))"
      }
      output(line + "}\n")
    }
  }

  /// Writes the line to standard error, all of it: a partial write (a full pipe) goes on from
  /// where it stopped.
  package static let standardError: @Sendable (String) -> Void = { line in
    var line = line
    line.withUTF8 { bytes in
      guard var next = bytes.baseAddress else { return }
      var left = bytes.count
      while left > 0 {
        let written = write(2, next, left)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        next += written
        left -= written
      }
    }
  }

  /// A value from a request (a 30 KB user agent) is cut at 512 characters, so a line stays short
  /// enough to be written and read whole.
  static func capped(_ value: String) -> String {
    value.count <= 512 ? value : String(value.prefix(511)) + "…"
  }

  /// Now as `2026-11-23T10:11:12.345Z`.
  static func timestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let milliseconds = Int(now.tv_nsec) / 1_000_000
    let fraction =
      milliseconds < 10
      ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
    let seconds = HTTPDate.iso8601(Double(now.tv_sec))
    return "\(seconds.dropLast())." + fraction + "Z"
  }

  /// A message with its control characters escaped, so it stays on its line.
  static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      result += isControl(scalar) ? escaped(scalar) : String(scalar)
    }
    return result
  }

  /// A metadata value as it is when it is one plain word, else quoted and escaped as in JSON.
  static func textValue(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && !text.unicodeScalars.contains { $0 == " " || $0 == "\"" || $0 == "\\" || isControl($0) }
    return plain ? text : jsonString(text)
  }

  static func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result += isControl(scalar) ? escaped(scalar) : String(scalar)
      }
    }
    return result + "\""
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
      || scalar == "\u{2029}"
  }

  /// `\u{XXXX}` for a control character: valid in JSON and readable in text.
  private static func escaped(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
