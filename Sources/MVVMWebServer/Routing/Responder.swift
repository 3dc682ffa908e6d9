/// Answers requests, one request at a time per connection. The server calls it on the thread
/// that read the request (it has one per core), or on a Dispatch worker for a request read while
/// another was answered. An implementation that blocks holds that thread, and the requests it
/// would serve meanwhile, until it returns (Dispatch adds no thread for it): a store call belongs
/// on a store's threads (`StoreWork` in MVVMWeb), a wait in an answer made later
/// (`Response.task`, `Response.later`), which holds no server thread.
public protocol Responder: Sendable {
  /// The answer to `request`. It may be made later (`Response.task`, `Response.later`), so an
  /// implementation that waits holds no thread.
  func respond(to request: Request) -> Response
}
