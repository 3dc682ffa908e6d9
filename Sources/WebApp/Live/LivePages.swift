import HTTPServer
import MVVM

/// Registers pages that follow their view models. A live page's address answers a GET with the
/// page as always, and a GET that asks for `text/event-stream` (what the browser's `EventSource`
/// sends) with the stream of its live elements: one address for both, so a proxy's path prefix
/// and every link need nothing extra, and the page is the same page without JavaScript.
struct LivePages: Sendable {
  let hub: LiveHub
  let pages: PageRenderer

  /// `viewModel` builds the view model every viewer of an address shares: from the address
  /// alone (its route parameters), never from one viewer's cookies or form. `answer` serves the
  /// page itself.
  func get<ViewModel: Outputs>(
    _ pattern: String, _ page: Page<ViewModel>, following topics: Set<ChangeTopic>,
    in router: inout Router, viewModel: @escaping @Sendable (Request) throws -> ViewModel,
    answer: @escaping Router.Handler
  ) {
    router.get(pattern) { [hub, pages] request in
      guard Self.asksForEvents(request) else {
        var response = try answer(request)
        response.headers.add("Vary", "Accept")
        return response
      }
      let key = request.basePath + request.path
      // An address nobody follows yet may name nothing (a deleted match): build its view model
      // once, so it gets its 404 like the page would. A followed address is known to be good.
      if !hub.isFollowed(key) { _ = try viewModel(request) }
      return hub.stream(
        key: key, page: page.file, topics: topics,
        // A reopened stream (the tab shown again) says it in the query: a new EventSource
        // cannot send the header.
        lastEventID: request.headers["last-event-id"] ?? request.query["last-event-id"],
        isHead: request.method == "HEAD"
      ) {
        pages.liveElements(page, try viewModel(request), basePath: request.basePath)
      }
    }
  }

  static func asksForEvents(_ request: Request) -> Bool {
    request.headers["accept"]?.contains("text/event-stream") == true
  }
}
