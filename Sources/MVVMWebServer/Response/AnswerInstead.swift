/// An answer thrown instead of returned: from deep inside a handler (a check that sends the
/// browser elsewhere, say), it is sent as it is, as if the handler had returned it.
///
/// An access rule sends a person who is not signed in to the sign-in page so (`AccessGate`):
///
/// ```swift
/// guard viewer.isSignedIn || scripted else {
///   throw AnswerInstead(.redirect(to: Self.signIn(request, again: false)))
/// }
/// ```
public struct AnswerInstead: Error, Sendable {
  /// The answer to send.
  public let response: Response

  /// Sends `response` in place of the handler's.
  public init(_ response: Response) {
    self.response = response
  }
}
