/// Work a `WorkLane` thread runs: a store call, whatever its result's type.
protocol LaneJob: AnyObject, Sendable {
  /// Runs the work on the calling (store) thread, unless the call was already answered.
  func start()
  /// The deadline passed: a call that never started is answered with `notStarted` and will not
  /// run; one running is answered with `running`, when given, and its result later dropped.
  func expire(notStarted: any Error, running: (any Error)?)
  /// Whether the caller has heard (the result, or an error): nothing is left to watch.
  var isAnswered: Bool { get }
}
