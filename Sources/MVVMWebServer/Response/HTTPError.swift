/// An error that is the client's to fix: a handler throws it and the client gets `status` with
/// `message` on the error page. Any other error a handler throws becomes a 500 that shows nothing
/// internal.
public struct HTTPError: Error, Sendable, Equatable {
  public var status: HTTPStatus
  /// A short sentence for a person: what was wrong and, where it helps, what to do.
  public var message: String

  public init(_ status: HTTPStatus, _ message: String) {
    self.status = status
    self.message = message
  }
}
