import Dispatch
import Logging
import MVVMWebServer
import MVVMWebViewModels
import Synchronization

/// Keeps open pages in step with their view models. Each page address that someone follows is a
/// channel: the topics its view model reads, how to render its live elements, and the streams
/// open on it. When a topic changes, each channel that reads it is rendered once, on one queue,
/// whatever the number of viewers; the elements whose HTML changed go, as the same bytes, to
/// every stream of that channel. Nothing is kept for a page nobody follows.
///
/// Both the streams and the channels are bounded (`LiveSettings`), and so is what one change
/// sends: an element larger than `maxElementBytes` ends its channel's streams with the `reload`
/// event instead, and the page is logged once.
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
    /// The session each signed-in stream came with (`RequestSession.key`), by stream: closed
    /// when the session ends (`end`).
    var sessions: [Int: String] = [:]
    /// Streams that have their place (`reserve`) but have not joined yet: they keep the channel.
    var joining = 0
    /// Its elements grew past `maxElementBytes`: it is no longer rendered, and each stream is
    /// told to reload and ended.
    var tooLarge = false
    /// What the open pages show once they have caught up, and its version (0: not rendered yet).
    var elements: [LiveElement] = []
    var version = 0
    /// The last versions' events, each with the version it brings a page from: a page that
    /// reconnects from one of them gets what it missed, rows and all, not the whole elements.
    var recent: [(from: Int, bytes: [UInt8])] = []
    /// A render is queued; changes before it starts are covered by it.
    var renderPending = true
    /// A render is under way: a change meanwhile queues the next one for when it ends, so
    /// renders of one channel never overlap or land out of order.
    var rendering = false

    /// Keeps `bytes`, the events that bring a page from version `from` to the current one, for
    /// pages that reconnect: the last `recentVersions`, and fewer than `limit` bytes of them.
    mutating func remember(from: Int, _ bytes: [UInt8], limit: Int) {
      recent.append((from, bytes))
      var total = recent.reduce(0) { $0 + $1.bytes.count }
      while recent.count > LiveHub.recentVersions || (total >= limit && !recent.isEmpty) {
        total -= recent.removeFirst().bytes.count
      }
    }
  }

  /// How many versions a channel keeps for pages that reconnect (`Channel.recent`).
  static let recentVersions = 16

  private struct State {
    var channels: [String: Channel] = [:]
    var openStreams = 0
    var nextStream = 0
    /// Versions are numbered across all channels, so a channel made again after its viewers
    /// left never repeats an id that meant something else.
    var lastVersion = 0
    /// Pages logged as too large to send, so each is logged once until it fits again. Emptied
    /// when it holds `maxPages`, so addresses cannot grow it without end.
    var reportedTooLarge: Set<String> = []
  }

  /// Whether a stream may open: `reserve`'s answer.
  enum Admission: Equatable {
    case admitted
    case tooManyStreams
    case tooManyPages
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
  private let logger: Logger

  init(
    settings: LiveSettings, changes: ChangeFeed, metrics: AppMetrics,
    logger: Logger = Logger(label: "mvvmweb")
  ) {
    self.settings = settings
    self.metrics = metrics
    self.logger = logger
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
  /// `maxStreams` are open or `maxPages` other pages are followed. `key` names the page (its
  /// canonical address: the same for every viewer of the same page); `lastEventID` is where a
  /// reconnecting browser was; `session` the key of the session it came with, if any.
  ///
  /// The place is taken as the connection sends the answer (`Response.atSending`), and the
  /// stream it opens fills it at once: an answer never sent (its client gone, its time up, the
  /// server stopping) takes none, and every stream that opens gives its place back as it ends.
  func stream(
    key: String, page: String, topics: Set<ChangeTopic>, lastEventID: String?, session: String?,
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
    return .atSending { [self, response] in
      let admission = reserve(key, page: page, topics: topics, render: render)
      guard admission == .admitted else {
        let what = admission == .tooManyPages ? "different pages are" : "pages are"
        var refused = Response.text(
          "Too many \(what) following live updates right now. This page still works: reload "
            + "it to see changes.\n", status: .serviceUnavailable)
        refused.headers.add("Retry-After", "30")
        refused.headers.add("Cache-Control", "no-store")
        return refused
      }
      var opened = response
      opened.body = .stream { [self] writer in
        join(key, lastEventID: lastEventID, session: session, writer)
      }
      return opened
    }
  }

  // MARK: Streams

  /// Takes a place for a stream on the page at `key`, if one is free, making the page's channel
  /// (and its first render) when nobody follows it yet and fewer than `maxPages` are followed;
  /// `join` fills the place. Both limits are checked under one lock, so neither can be passed.
  func reserve(
    _ key: String, page: String, topics: Set<ChangeTopic>, render: @escaping Render
  ) -> Admission {
    let (admission, isNew) = state.withLock { state -> (Admission, Bool) in
      guard state.openStreams < settings.maxStreams else { return (.tooManyStreams, false) }
      let isNew = state.channels[key] == nil
      if isNew {
        guard state.channels.count < settings.maxPages else { return (.tooManyPages, false) }
        state.channels[key] = Channel(page: page, topics: topics, render: render)
      }
      state.openStreams += 1
      state.channels[key]?.joining += 1
      return (.admitted, isNew)
    }
    if isNew { work.async { [self] in refresh(key) } }
    return admission
  }

  /// Adds a stream, in a place `reserve` took, to the page at `key`: it gets the page's current
  /// elements unless `lastEventID` says it has them, then every change, until it ends or its
  /// `session` does. Its place is given back when it ends.
  func join(_ key: String, lastEventID: String?, session: String?, _ writer: any LiveStream) {
    let (id, tooLarge) = state.withLock { state in
      state.nextStream += 1
      let id = state.nextStream
      state.channels[key]?.joining -= 1
      // Written under the lock, so these come before any later change's events.
      writer.write(LiveEvent.opening(retry: settings.retry))
      if let channel = state.channels[key], channel.tooLarge {
        writer.write(LiveEvent.reload)
      } else if let channel = state.channels[key], channel.version > 0,
        lastEventID != eventID(channel.version)
      {
        // Behind by versions the channel still holds: what it missed, in order; otherwise the
        // elements as they are now.
        if let lastEventID,
          let start = channel.recent.firstIndex(where: {
            $0.from > 0 && eventID($0.from) == lastEventID
          })
        {
          for missed in channel.recent[start...] { writer.write(missed.bytes) }
        } else {
          writer.write(events(channel.elements.map { .element($0) }, version: channel.version))
        }
      }
      state.channels[key]?.streams[id] = writer
      if let session { state.channels[key]?.sessions[id] = session }
      return (id, state.channels[key]?.tooLarge == true)
    }
    writer.onEnd { [self] in leave(key, id) }
    if tooLarge { writer.finish() }
  }

  private func leave(_ key: String, _ id: Int) {
    state.withLock { state in
      guard state.channels[key]?.streams.removeValue(forKey: id) != nil else { return }
      state.channels[key]?.sessions[id] = nil
      state.openStreams -= 1
      if let channel = state.channels[key], channel.streams.isEmpty, channel.joining == 0 {
        state.channels[key] = nil
      }
    }
  }

  /// Closes the streams of the sessions that `ended`: a browser that reconnects is asked again
  /// who it is, and follows what it may see now (the page signed out, or for its new role).
  func end(_ ended: EndedSessions) {
    let streams = state.withLock { state in
      state.channels.values.flatMap { channel in
        channel.sessions.compactMap { id, session -> (any LiveStream)? in
          switch ended {
          case .all: channel.streams[id]
          case .keys(let keys): keys.contains(session) ? channel.streams[id] : nil
          }
        }
      }
    }
    // Ended outside the lock: a stream's end runs `leave`, which takes it.
    for stream in streams { stream.finish() }
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
      where channel.topics.contains(topic) && !channel.renderPending && !channel.tooLarge {
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
    if let largest = elements.max(by: { $0.html.count < $1.html.count }),
      largest.html.count > settings.maxElementBytes
    {
      endTooLarge(key, page: page, largest)
      return
    }
    // Only this queue changes a channel's elements, so what they were is read once here and
    // compared outside the lock: once per change, whatever the number of viewers.
    guard
      let (previous, previousVersion) = state.withLock({ state in
        state.channels[key].map { ($0.elements, $0.version) }
      })
    else { return }
    let diffed = updates(from: previous, to: elements, key: key)
    state.withLock { state in
      guard let channel = state.channels[key] else { return }
      state.reportedTooLarge.remove(key)
      // A channel made again meanwhile (its viewers left, another came) has other elements:
      // what changed from those, whole.
      let changed =
        channel.version == previousVersion
        ? diffed
        : elements.filter { !channel.elements.contains($0) }.map { Update.element($0) }
      guard !changed.isEmpty else { return }  // Identical output is not sent again.
      state.lastVersion += 1
      let version = state.lastVersion
      state.channels[key]?.elements = elements
      state.channels[key]?.version = version
      let bytes = events(changed, version: version)
      // Kept while what a page missed costs less than the elements it would get instead.
      state.channels[key]?.remember(
        from: channel.version, bytes, limit: elements.reduce(0) { $0 + $1.html.count })
      for writer in channel.streams.values { writer.write(bytes) }
      metrics.liveDelivered(events: changed.count * channel.streams.count)
    }
  }

  /// What to send for each element whose HTML changed: its rows that changed, when it has keyed
  /// rows and they say it in fewer bytes, otherwise the element.
  private func updates(
    from previous: [LiveElement], to elements: [LiveElement], key: String
  ) -> [Update] {
    elements.compactMap { element -> Update? in
      guard let old = previous.first(where: { $0.id == element.id }) else {
        return .element(element)
      }
      guard old.html != element.html else { return nil }
      switch LiveRows.diff(from: old, to: element) {
      case .operations(let operations) where operations.count < element.html.count:
        return .rows(id: element.id, operations: operations)
      case .operations, .element:
        return .element(element)
      case .duplicateKey(let duplicate):
        logger.error(
          """
          live page \(key): element #\(element.id) has two rows with the key \"\(duplicate)\" \
          (m:key must be unique in a render); the whole element is sent
          """)
        return .element(element)
      }
    }
  }

  /// A page whose element is too large to send: logged once, and each of its streams is told
  /// to reload (`live.js` then stops following it) and ended, so no browser reconnects to it.
  private func endTooLarge(_ key: String, page: String, _ element: LiveElement) {
    let (streams, isNews) = state.withLock { state -> ([any LiveStream], Bool) in
      // A render queued before the first one found it too large has nothing left to end.
      guard state.channels[key]?.tooLarge == false else { return ([], false) }
      state.channels[key]?.tooLarge = true
      let streams = state.channels[key].map { Array($0.streams.values) } ?? []
      for stream in streams { stream.write(LiveEvent.reload) }
      if state.reportedTooLarge.count >= settings.maxPages { state.reportedTooLarge = [] }
      return (streams, state.reportedTooLarge.insert(key).inserted)
    }
    // Ended outside the lock: a stream's end runs `leave`, which takes it.
    for stream in streams { stream.finish() }
    guard isNews else { return }
    logger.warning(
      """
      live page \(key) (\(page)): element #\(element.id) is \(element.html.count) bytes of HTML, \
      over the \(settings.maxElementBytes)-byte limit; its viewers are asked to reload to see changes
      """)
  }

  // MARK: Events

  /// The id of a page's version: what `Last-Event-ID` says when a browser has all of it.
  private func eventID(_ version: Int) -> String { "\(epoch)-\(version)" }

  /// What one version sends about one element.
  enum Update {
    case element(LiveElement)
    case rows(id: String, operations: [UInt8])
  }

  /// One event per element; only the last carries the version's own id, so a stream cut between
  /// them reconnects as behind and gets the whole page again.
  private func events(_ updates: [Update], version: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for (index, update) in updates.enumerated() {
      let isLast = index == updates.count - 1
      let id = isLast ? eventID(version) : "\(eventID(version))-\(index + 1)"
      switch update {
      case .element(let element):
        bytes += LiveEvent.element(id: element.id, html: element.html, eventID: id)
      case .rows(let element, let operations):
        bytes += LiveEvent.rows(id: element, operations: operations, eventID: id)
      }
    }
    return bytes
  }
}
