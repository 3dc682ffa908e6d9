/// The Server-Sent Events wire format of a live page's stream
/// (https://html.spec.whatwg.org/multipage/server-sent-events.html).
enum LiveEvent {
  /// One pushed element: its id on the first `data:` line, its HTML on the lines after. Line
  /// breaks in the HTML (CR, LF or CRLF, which end a line in this format) become new `data:`
  /// lines and reach the script as LF, which the HTML parser treats the same.
  static func element(id: String, html: [UInt8], eventID: String) -> [UInt8] {
    var bytes = Array("id: \(eventID)\ndata: \(id)\ndata: ".utf8)
    bytes.reserveCapacity(bytes.count + html.count + 64)
    var index = 0
    while index < html.count {
      let byte = html[index]
      if byte == 0x0D || byte == 0x0A {
        bytes.append(contentsOf: "\ndata: ".utf8)
        if byte == 0x0D, index + 1 < html.count, html[index + 1] == 0x0A { index += 1 }
      } else {
        bytes.append(byte)
      }
      index += 1
    }
    bytes.append(contentsOf: "\n\n".utf8)
    return bytes
  }

  /// A live element's rows that changed (`LiveRows`), a named event so only a script that
  /// applies them takes it: the element's id on the first `data:` line, the operations (JSON,
  /// one line) on the second.
  static func rows(id: String, operations: [UInt8], eventID: String) -> [UInt8] {
    var bytes = Array("id: \(eventID)\nevent: rows\ndata: \(id)\ndata: ".utf8)
    bytes.reserveCapacity(bytes.count + operations.count + 2)
    bytes += operations
    bytes.append(contentsOf: "\n\n".utf8)
    return bytes
  }

  /// The first bytes of every stream: how long the browser waits before reconnecting.
  static func opening(retry: Duration) -> [UInt8] {
    let (seconds, attoseconds) = retry.components
    return Array("retry: \(seconds * 1000 + attoseconds / 1_000_000_000_000_000)\n\n".utf8)
  }

  /// The end of a page's live updates: its elements grew too large to send. `live.js` closes
  /// the stream on it (no reconnect) and tells the reader to reload to see changes; a named event,
  /// so no script takes it for an element.
  static let reload = Array("event: reload\ndata: too-large\n\n".utf8)

  /// A comment line: it keeps proxies and the browser from deciding the stream is dead, and
  /// finds readers that are gone.
  static let heartbeat = Array(": heartbeat\n\n".utf8)
}
