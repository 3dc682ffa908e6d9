/// A store call that got no answer in time: the request is answered 503 with `Retry-After`,
/// and the log gets one line saying which lane and why.
public struct StoreUnavailable: Error, CustomStringConvertible {
  /// Why no answer came.
  public enum Reason: Sendable, Equatable {
    /// Every thread of the lane was busy and its queue full.
    case queueFull
    /// No thread of the lane came free before the deadline.
    case noThreadInTime
    /// A thread took the call but the store did not answer before the deadline.
    case noAnswerInTime
  }

  /// Why no answer came.
  public let reason: Reason
  /// `read` or `write`.
  public let lane: String
  /// How long the call was given.
  public let deadline: Duration

  init(_ reason: Reason, lane: String, deadline: Duration) {
    self.reason = reason
    self.lane = lane
    self.deadline = deadline
  }

  /// One line for the log: the lane and why ("no store read thread came free within 3.0 seconds").
  public var description: String {
    switch reason {
    case .queueFull: "the store's \(lane) queue is full"
    case .noThreadInTime: "no store \(lane) thread came free within \(deadline)"
    case .noAnswerInTime: "the store did not answer a \(lane) within \(deadline)"
    }
  }
}
