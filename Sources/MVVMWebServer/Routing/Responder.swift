/// Answers requests. The server calls it on the connection's queue, one request at a time per
/// connection, so an implementation that blocks holds up only that connection.
public protocol Responder: Sendable {
  /// The answer to `request`. It may be made later (`Response.task`, `Response.later`), so an
  /// implementation that waits holds no thread.
  func respond(to request: Request) -> Response
}
