import Foundation
import MVVMWebServer
import Synchronization

/// One block of a live page's stream: an element pushed (its event `id`, the element's id on the
/// first line of `data` and its HTML after), the rows of a keyed list that changed (`event` is
/// `rows`: the element's id, then the row operations as JSON), a `retry:` hint, or a comment (a
/// heartbeat).
public struct LiveEvent: Sendable, Equatable {
  /// The event's id, which a reconnecting page sends back (`Last-Event-ID`).
  public var id: String?
  /// The event's type when it is named: `rows` for a keyed list's rows that changed (`m:key`),
  /// nil for a whole element.
  public var event: String?
  /// The data lines, joined with line feeds.
  public var data: String?
  /// The reconnection delay the server asks for, in milliseconds.
  public var retry: String?
  /// A comment line's text (`heartbeat`).
  public var comment: String?

  /// An event with these fields.
  public init(
    id: String? = nil, event: String? = nil, data: String? = nil, retry: String? = nil,
    comment: String? = nil
  ) {
    self.id = id
    self.event = event
    self.data = data
    self.retry = retry
    self.comment = comment
  }

  /// The pushed element's id: the first line of the data.
  public var elementID: String? { data.map { String($0.prefix { $0 != "\n" }) } }
  /// The pushed element's HTML: the data after its first line (for a `rows` event, the row
  /// operations as JSON).
  public var html: String? {
    data.flatMap { data in data.firstIndex(of: "\n").map { String(data[data.index(after: $0)...]) }
    }
  }
  /// The pushed element, read back (nil for a `rows` event).
  public var element: HTMLElement? {
    guard event == nil, let html else { return nil }
    return HTMLElement.fragment(html).lazy.compactMap { child -> HTMLElement? in
      if case .element(let element) = child { element } else { nil }
    }.first
  }

  static func parse(_ block: String) -> LiveEvent {
    var event = LiveEvent()
    for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(":") {
        event.comment = String(line.dropFirst().drop { $0 == " " })
        continue
      }
      let colon = line.firstIndex(of: ":")
      let field = colon.map { line[..<$0] } ?? line
      var value = colon.map { line[line.index(after: $0)...] } ?? ""
      if value.hasPrefix(" ") { value = value.dropFirst() }
      switch field {
      case "id": event.id = String(value)
      case "event": event.event = String(value)
      case "retry": event.retry = String(value)
      case "data": event.data = event.data.map { $0 + "\n" + value } ?? String(value)
      default: break
      }
    }
    return event
  }
}

/// A live page's stream, open as a browser's `EventSource` holds it: read one event at a time,
/// each wait bounded, and reopened from the last event seen. Each event read is applied to
/// `page` as the framework's script applies it, so a test asserts on the page a person sees.
///
/// ```swift
/// let stream = try await client.follow("/")
/// #expect(stream.status == 200)
/// let first = try await stream.next(element: "greetings")
/// #expect(first.element?.text == "Nobody yet: be the first.")
/// var form = try await client.page("/").form(submit: "Greet me")
/// try form.fill("Your name", with: "Grace")
/// #expect(try await client.submit(form).status == 303)
/// let pushed = try await stream.next(element: "greetings")
/// #expect(pushed.element?.text == "Hello, Grace!")
/// ```
public final class TestEventStream: Sendable {
  /// The stream's status (`200`, or the page's error when it cannot be followed).
  public let status: Int
  /// The stream's header fields.
  public let headers: [(name: String, value: String)]
  private let source: ChunkSource
  /// The bytes read and not yet an event (one may end inside a character), the last event's
  /// id, and the page.
  private let state: Mutex<(pending: [UInt8], lastEventID: String?, page: TestPage)>

  init(
    status: Int, headers: [(name: String, value: String)], source: ChunkSource, page: TestPage
  ) {
    self.status = status
    self.headers = headers
    self.source = source
    state = Mutex(([], nil, page))
  }

  deinit {
    source.close()
  }

  /// The id of the last event read, to reconnect from (`TestClient.follow(_:lastEventID:)`).
  public var lastEventID: String? { state.withLock { $0.lastEventID } }

  /// The page as the events read so far left it (`TestPage.apply(_:)`): the page given to
  /// `TestClient.follow(_:)`, or, for a stream followed by its address alone, an empty page that
  /// no event changes.
  public var page: TestPage { state.withLock { $0.page } }

  /// The next block of the stream, whatever it is, applied to `page`; a `TestFailure` when none
  /// comes within `timeout`, the stream ends, or the event does not fit the page.
  public func next(timeout: Duration = .seconds(5)) async throws -> LiveEvent {
    guard let event = try await next(before: ContinuousClock.now + timeout) else {
      throw TestFailure("No live event came within \(timeout).")
    }
    return event
  }

  /// The next event that pushes the element `id` (whole, or its rows), skipping heartbeats,
  /// hints and other elements; a `TestFailure` when none comes within `timeout`.
  public func next(element id: String, timeout: Duration = .seconds(5)) async throws -> LiveEvent {
    let deadline = ContinuousClock.now + timeout
    while true {
      let event = try await next(timeout: max(.zero, deadline - ContinuousClock.now))
      if event.elementID == id { return event }
    }
  }

  /// Reads events until `condition` holds of `page` (at once when it holds already), and
  /// returns the page; a `TestFailure` showing the page's live elements when it does not hold
  /// within `timeout`.
  ///
  /// ```swift
  /// try await live.waitUntil { $0.rows(id: "scores").first?.text == "Ada 2" }
  /// ```
  @discardableResult
  public func waitUntil(
    timeout: Duration = .seconds(5), _ condition: (TestPage) throws -> Bool
  ) async throws -> TestPage {
    let deadline = ContinuousClock.now + timeout
    while true {
      let page = self.page
      if try condition(page) { return page }
      guard try await next(before: deadline) != nil else {
        let elements = page.liveElements.map { "#\($0["id"] ?? "?"): “\($0.text.prefix(300))”" }
        throw TestFailure(
          "The live page did not come to what the test waits for within \(timeout). Its live "
            + "elements now: \(elements.isEmpty ? "none" : elements.joined(separator: "; ")).")
      }
    }
  }

  /// The next block, applied to the page; nil when none came before `deadline`.
  private func next(before deadline: ContinuousClock.Instant) async throws -> LiveEvent? {
    while true {
      let block = try state.withLock { state -> LiveEvent? in
        guard let end = Self.blockEnd(state.pending) else { return nil }
        let event = LiveEvent.parse(String(decoding: state.pending[..<end], as: UTF8.self))
        state.pending.removeSubrange(..<(end + 2))
        try state.page.apply(event)
        if let id = event.id { state.lastEventID = id }
        return event
      }
      if let block { return block }
      switch source.take() {
      case .bytes(let bytes):
        state.withLock { $0.pending += bytes }
      case .ended:
        throw TestFailure("The live stream ended.")
      case .nothingYet:
        guard ContinuousClock.now < deadline else { return nil }
        try await Task.sleep(for: .milliseconds(2))
      }
    }
  }

  /// Where the first block of `bytes` ends: the index of the blank line's first line feed.
  private static func blockEnd(_ bytes: [UInt8]) -> Int? {
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 0x0A && bytes[index + 1] == 0x0A { return index }
      index += 1
    }
    return nil
  }

  /// Whether the server ends the stream within `timeout`, as it does when the session that
  /// follows it ends (a sign-out, a role changed): what comes meanwhile is kept for `next`.
  ///
  /// ```swift
  /// #expect(await live.ends(within: .seconds(1)))
  /// ```
  public func ends(within timeout: Duration = .seconds(5)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
      switch source.take() {
      case .bytes(let bytes):
        state.withLock { $0.pending += bytes }
      case .ended:
        return true
      case .nothingYet:
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(2))
      }
    }
  }

  /// Closes the stream, as a browser closing the page.
  public func close() {
    source.close()
  }
}

/// Where a stream's chunks come from: the in-process server's writer, or a socket read on a
/// thread of its own; both fill one buffer a stream takes from.
final class ChunkSource: Sendable {
  enum Taken {
    case bytes([UInt8])
    case nothingYet
    case ended
  }

  private let buffer = Mutex<(bytes: [UInt8], ended: Bool)>(([], false))
  private let onClose: @Sendable () -> Void

  private init(onClose: @escaping @Sendable () -> Void) {
    self.onClose = onClose
  }

  /// The chunks of an in-process stream.
  static func inProcess(_ stream: InProcessStream) -> ChunkSource {
    let source = ChunkSource { stream.close() }
    Task {
      for await chunk in stream.chunks { source.add(chunk) }
      source.end()
    }
    return source
  }

  /// A body read whole already: an answer that was not a stream (a 404, a 503).
  static func finished(_ bytes: [UInt8]) -> ChunkSource {
    let source = ChunkSource {}
    source.add(bytes)
    source.end()
    return source
  }

  /// The chunks of a chunked body on `connection`, read on a thread of their own.
  static func socket(_ connection: SocketConnection) -> ChunkSource {
    let source = ChunkSource { connection.shutDown() }
    let reader = Thread {
      while let chunk = try? connection.readChunk() { source.add(chunk) }
      source.end()
    }
    reader.name = "mvvmweb-testing-stream"
    reader.start()
    return source
  }

  func add(_ bytes: [UInt8]) { buffer.withLock { $0.bytes += bytes } }
  func end() { buffer.withLock { $0.ended = true } }

  func take() -> Taken {
    buffer.withLock { buffer in
      if !buffer.bytes.isEmpty {
        defer { buffer.bytes = [] }
        return .bytes(buffer.bytes)
      }
      return buffer.ended ? .ended : .nothingYet
    }
  }

  func close() { onClose() }
}
