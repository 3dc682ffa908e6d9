/// An error that is the client's to fix: a handler throws it and the client gets `status` with
/// `message` on the error page. Any other error a handler throws becomes a 500 that shows nothing
/// internal.
public struct HTTPError: Error, Sendable, Equatable {
  /// The answer's status (a 4xx, or 503 when the data did not answer).
  public var status: HTTPStatus
  /// A short sentence for a person: what was wrong and, where it helps, what to do.
  public var message: String

  /// The error `status`, saying `message` to the person who sees it.
  /// ```swift
  /// throw HTTPError(.forbidden, "Sign in again to do this: your last sign-in is not recent.")
  /// ```
  public init(_ status: HTTPStatus, _ message: String) {
    self.status = status
    self.message = message
  }
}

extension HTTPError: CustomStringConvertible {
  /// The message alone, as a command line prints an error that stopped it.
  public var description: String { message }
}
