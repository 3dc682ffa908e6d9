/// A Server-Sent Events client over a real socket: asks a page for its event stream, as a
/// browser's `EventSource` does, and reads the stream one event at a time.
public final class EventStream {
  /// One block of the stream: an event (`data`, with its `id`), a `retry:` hint or a comment.
  public struct Event: Equatable, Sendable {
    public var id: String?
    /// The event's type, when named (`rows`: a live element's keyed rows that changed).
    public var event: String?
    public var data: String?
    public var retry: String?
    public var comment: String?

    public init(
      id: String? = nil, data: String? = nil, retry: String? = nil, comment: String? = nil
    ) {
      self.id = id
      self.data = data
      self.retry = retry
      self.comment = comment
    }

    /// The pushed element's id: the first line of the data.
    public var elementID: String? { data.map { String($0.prefix { $0 != "\n" }) } }
    /// The pushed element's HTML: the data after its first line.
    public var html: String? {
      data.flatMap { data in
        data.firstIndex(of: "\n").map { String(data[data.index(after: $0)...]) }
      }
    }
  }

  public let client: TestClient
  public let head: TestResponse
  private var pending = ""

  public init(port: Int, path: String, headers: [(String, String)] = []) throws {
    client = try TestClient(port: port)
    var text = "GET \(path) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    client.send(text + "\r\n")
    head = try client.readHead()
  }

  /// The next block, waiting for it (the client's read timeout fails the test instead of
  /// hanging it).
  public func next() throws -> Event {
    while true {
      if let end = pending.range(of: "\n\n") {
        let block = pending[..<end.lowerBound]
        pending = String(pending[end.upperBound...])
        return Self.parse(block)
      }
      guard let chunk = try client.readChunk() else { throw TestClientError.closed(pending) }
      pending += String(decoding: chunk, as: UTF8.self)
    }
  }

  private static func parse(_ block: Substring) -> Event {
    var event = Event()
    for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(":") {
        event.comment = String(line.dropFirst().drop { $0 == " " })
        continue
      }
      let (field, value) =
        line.firstIndex(of: ":").map { colon in
          (line[..<colon], String(line[line.index(after: colon)...].dropFirst(1)))
        } ?? (line, "")
      switch field {
      case "id": event.id = value
      case "event": event.event = value
      case "retry": event.retry = value
      case "data": event.data = event.data.map { $0 + "\n" + value } ?? value
      default: break
      }
    }
    return event
  }
}
