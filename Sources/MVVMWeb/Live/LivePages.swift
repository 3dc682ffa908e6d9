import MVVMWebServer
import MVVMWebViewModels

/// Registers pages that follow their view models. A live page's address answers a GET with the
/// page as always, and a GET that asks for `text/event-stream` (what the browser's `EventSource`
/// sends) with the stream of its live elements: one address for both, so a proxy's path prefix
/// and every link need nothing extra, and the page is the same page without JavaScript.
///
/// A live page is also revalidated by its data's version (`PageValidator`): a browser asking
/// again about an unchanged page gets 304 without anything being built.
struct LivePages: Sendable {
  let hub: LiveHub
  let changes: ChangeFeed
  let validator: PageValidator

  /// `viewModel` builds the view model every viewer of an address shares: from the address
  /// alone (its route parameters), never from one viewer's cookies or form. `answer` serves the
  /// page itself; `sameForEveryone` is false when the page holds something made per request
  /// (a form's one-time token), so only its bytes can validate it. `key` names the live page
  /// a request asks for, the same for every spelling of its address (the route's values
  /// printed): another key is another live page, rendered from its own request. With `store`,
  /// the page and each render for the open streams run on the store's threads (they read it).
  func get<Declared: Page>(
    _ pattern: String, _ page: PageView<Declared>, following topics: Set<ChangeTopic>,
    sameForEveryone: Bool = true, store: StoreWork? = nil, gate: AccessGate,
    in router: inout Router,
    key: @escaping @Sendable (Request) throws -> String,
    viewModel: @escaping @Sendable (Request) throws -> Declared.ViewModel,
    answer: @escaping Router.Handler
  ) {
    let version: (@Sendable () -> String?)? =
      sameForEveryone && page.templatesAreFixed
      ? { @Sendable [changes] in changes.version(of: topics) } : nil
    router.get(pattern) { [hub, validator] request in
      try gate.check(request)
      guard Self.asksForEvents(request) else {
        // The same address answers with the page or its stream, by what the browser accepts.
        var response = try validator.respond(
          to: request, route: pattern, vary: "Accept-Encoding, Accept", version: version
        ) {
          guard let store else { return try answer(request) }
          return store.read(request) { try answer(request) }
        }
        response.amend { $0.headers.addVary("Accept") }
        return response
      }
      // Every spelling of the address (case of an id, `//`, percent-escapes, `?page=01`) is one
      // page, so a change renders it once however it was asked for. Not the whole query: a
      // reopened stream adds `last-event-id` to it.
      let liveKey = try key(request)
      let render: LiveHub.Render = {
        let elements: @Sendable () throws -> [LiveElement]? = {
          page.liveElements(
            try viewModel(request), basePath: request.basePath, session: request.session)
        }
        guard let store else { return try elements() }
        return try await store.value(elements)
      }
      let stream: @Sendable () -> Response = {
        hub.stream(
          key: liveKey, page: Declared.template, topics: topics,
          // A reopened stream (the tab shown again) says it in the query: a new EventSource
          // cannot send the header.
          lastEventID: request.headers["last-event-id"] ?? request.query["last-event-id"],
          session: request.session?.key, isHead: request.method == .head, render: render)
      }
      // An address nobody follows yet may name nothing (a deleted match): build its view model
      // once, so it gets its 404 like the page would. A followed address is known to be good.
      guard !hub.isFollowed(liveKey) else { return stream() }
      guard let store else {
        _ = try viewModel(request)
        return stream()
      }
      var checked = store.read(request) {
        _ = try viewModel(request)
        return Response()
      }
      // The stream is the answer once the read has answered in time (a read abandoned at the
      // deadline answers its 503); its place is taken only as the connection sends it, so a
      // client gone or an answer timed out meanwhile takes none.
      checked.amend { made in
        if made.status == .ok { made = stream() }
      }
      return checked
    }
  }

  static func asksForEvents(_ request: Request) -> Bool {
    asksForEvents(request.headers)
  }

  static func asksForEvents(_ headers: HTTPHeaders) -> Bool {
    headers["accept"]?.contains("text/event-stream") == true
  }
}
