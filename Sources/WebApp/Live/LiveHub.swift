import Dispatch
import HTTPServer
import Logging
import MVVM
import Synchronization

/// Keeps open pages in step with their view models. Each page address that someone follows is a
/// channel: the topics its view model reads, how to render its live elements, and the streams
/// open on it. When a topic changes, each channel that reads it is rendered once, on one queue,
/// whatever the number of viewers; the elements whose HTML changed go, as the same bytes, to
/// every stream of that channel. Nothing is kept for a page nobody follows.
final class LiveHub: Sendable {
  /// Renders a channel's live elements from a fresh view model; nil when there is nothing to
  /// show (templates that do not load, under `--dev`). Async: a render that reads the store
  /// waits for it off the hub's queue, so heartbeats and other channels go on meanwhile.
  typealias Render = @Sendable () async throws -> [LiveElement]?

  private struct Channel {
    let page: String
    let topics: Set<ChangeTopic>
    let render: Render
    var streams: [Int: any LiveStream] = [:]
    /// What the open pages show once they have caught up, and its version (0: not rendered yet).
    var elements: [LiveElement] = []
    var version = 0
    /// A render is queued; changes before it starts are covered by it.
    var renderPending = true
    /// A render is under way: a change meanwhile queues the next one for when it ends, so
    /// renders of one channel never overlap or land out of order.
    var rendering = false
  }

  private struct State {
    var channels: [String: Channel] = [:]
    var openStreams = 0
    var nextStream = 0
    /// Versions are numbered across all channels, so a channel made again after its viewers
    /// left never repeats an id that meant something else.
    var lastVersion = 0
  }

  let settings: LiveSettings
  private let state = Mutex(State())
  private let work = DispatchQueue(label: "mvvmweb.live")
  /// Set up once in `init`; Dispatch sources are safe to cancel from any thread.
  nonisolated(unsafe) private let heartbeat: DispatchSourceTimer
  /// Event ids start with a number drawn at start, so an id from before a restart never
  /// matches and its page is brought up to date.
  private let epoch = String(UInt32.random(in: .min ... .max), radix: 16)
  private let metrics: AppMetrics
  private let logger = Logger(label: "mvvmweb")

  init(settings: LiveSettings, changes: ChangeFeed, metrics: AppMetrics) {
    self.settings = settings
    self.metrics = metrics
    heartbeat = DispatchSource.makeTimerSource(queue: work)
    let (seconds, attoseconds) = settings.heartbeat.components
    let interval = DispatchTimeInterval.milliseconds(
      Int(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)))
    heartbeat.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
    heartbeat.setEventHandler { [weak self] in self?.beat() }
    heartbeat.resume()
    changes.observe { [weak self] topic in self?.changed(topic) }
  }

  deinit {
    heartbeat.cancel()
  }

  /// Whether some stream follows the page at `key` now.
  func isFollowed(_ key: String) -> Bool { state.withLock { $0.channels[key] != nil } }

  /// The answer to a page's event request: a stream of the page's live elements, or 503 when
  /// `maxStreams` are open. `key` names the page (its base path and path: the same for every
  /// viewer of the same page); `lastEventID` is where a reconnecting browser was.
  func stream(
    key: String, page: String, topics: Set<ChangeTopic>, lastEventID: String?,
    isHead: Bool, render: @escaping Render
  ) -> Response {
    var response = Response(
      headers: [
        "Content-Type": "text/event-stream", "Cache-Control": "no-cache",
        "X-Accel-Buffering": "no",
      ])
    // A HEAD request gets the headers and never opens the stream, so it takes no place.
    guard !isHead else {
      response.body = .stream { _ in }
      return response
    }
    guard reserve() else {
      var refused = Response.text(
        "Too many pages are following live updates right now. This page still works: reload it "
          + "to see changes.\n", status: .serviceUnavailable)
      refused.headers.add("Retry-After", "30")
      refused.headers.add("Cache-Control", "no-store")
      return refused
    }
    response.body = .stream { [self] writer in
      join(key, page: page, topics: topics, lastEventID: lastEventID, render: render, writer)
    }
    return response
  }

  // MARK: Streams

  /// Takes a place for a stream, if one is free; `join` fills it.
  func reserve() -> Bool {
    state.withLock { state in
      guard state.openStreams < settings.maxStreams else { return false }
      state.openStreams += 1
      return true
    }
  }

  /// Adds a stream, in a place `reserve()` took, to the page at `key`: it gets the page's
  /// current elements unless `lastEventID` says it has them, then every change. Its place is
  /// given back when it ends.
  func join(
    _ key: String, page: String, topics: Set<ChangeTopic>, lastEventID: String?,
    render: @escaping Render, _ writer: any LiveStream
  ) {
    let (id, isNew) = state.withLock { state in
      state.nextStream += 1
      let id = state.nextStream
      let isNew = state.channels[key] == nil
      if isNew { state.channels[key] = Channel(page: page, topics: topics, render: render) }
      // Written under the lock, so these come before any later change's events.
      writer.write(LiveEvent.opening(retry: settings.retry))
      if let channel = state.channels[key], channel.version > 0,
        lastEventID != eventID(channel.version)
      {
        writer.write(events(channel.elements, version: channel.version))
      }
      state.channels[key]?.streams[id] = writer
      return (id, isNew)
    }
    writer.onEnd { [self] in leave(key, id) }
    if isNew { work.async { [self] in refresh(key) } }
  }

  private func leave(_ key: String, _ id: Int) {
    state.withLock { state in
      guard state.channels[key]?.streams.removeValue(forKey: id) != nil else { return }
      state.openStreams -= 1
      if state.channels[key]?.streams.isEmpty == true { state.channels[key] = nil }
    }
  }

  private func beat() {
    let writers = state.withLock { state in state.channels.values.flatMap { $0.streams.values } }
    for writer in writers { writer.write(LiveEvent.heartbeat) }
  }

  // MARK: Changes

  private func changed(_ topic: ChangeTopic) {
    let due = state.withLock { state in
      var due: [String] = []
      for (key, channel) in state.channels
      where channel.topics.contains(topic) && !channel.renderPending {
        state.channels[key]?.renderPending = true
        if !channel.rendering { due.append(key) }
      }
      return due
    }
    for key in due { work.async { [self] in refresh(key) } }
  }

  /// Renders a channel's view model once and sends what changed to all its streams.
  private func refresh(_ key: String) {
    let channel = state.withLock { state in
      // A change from now on needs a render of its own: this one may read the data before it.
      state.channels[key]?.renderPending = false
      state.channels[key]?.rendering = true
      return state.channels[key].map { ($0.page, $0.render) }
    }
    guard let (page, render) = channel else { return }
    Task(executorPreference: HandlerExecutor.shared) { [self] in
      let outcome: Result<[LiveElement]?, any Error>
      do {
        outcome = .success(try await render())
      } catch {
        outcome = .failure(error)
      }
      work.async { [self] in rendered(outcome, page: page, key: key) }
    }
  }

  /// A render's outcome: what changed goes to every stream, and a change that came meanwhile
  /// gets its render now.
  private func rendered(
    _ outcome: Result<[LiveElement]?, any Error>, page: String, key: String
  ) {
    defer {
      let again = state.withLock { state in
        state.channels[key]?.rendering = false
        return state.channels[key]?.renderPending == true
      }
      if again { refresh(key) }
    }
    let elements: [LiveElement]
    switch outcome {
    case .success(let rendered?): elements = rendered
    case .success(nil): return
    case .failure(is HTTPError): return  // The page is gone (a deleted match): viewers keep theirs.
    case .failure(let error):
      logger.error("live page \(key): could not render the update: \(error)")
      return
    }
    metrics.liveRendered(page: page)
    state.withLock { state in
      guard let channel = state.channels[key] else { return }
      let changed = elements.filter { element in
        !channel.elements.contains(element)
      }
      guard !changed.isEmpty else { return }  // Identical output is not sent again.
      state.lastVersion += 1
      let version = state.lastVersion
      state.channels[key]?.elements = elements
      state.channels[key]?.version = version
      let bytes = events(changed, version: version)
      for writer in channel.streams.values { writer.write(bytes) }
      metrics.liveDelivered(events: changed.count * channel.streams.count)
    }
  }

  // MARK: Events

  /// The id of a page's version: what `Last-Event-ID` says when a browser has all of it.
  private func eventID(_ version: Int) -> String { "\(epoch)-\(version)" }

  /// One event per element; only the last carries the version's own id, so a stream cut between
  /// them reconnects as behind and gets the whole page again.
  private func events(_ elements: [LiveElement], version: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for (index, element) in elements.enumerated() {
      let isLast = index == elements.count - 1
      bytes += LiveEvent.element(
        id: element.id, html: element.html,
        eventID: isLast ? eventID(version) : "\(eventID(version))-\(index + 1)")
    }
    return bytes
  }
}
