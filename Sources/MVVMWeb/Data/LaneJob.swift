/// Work a `WorkLane` thread runs: a store call, whatever its result's type.
protocol LaneJob: AnyObject, Sendable {
  func start()
}
