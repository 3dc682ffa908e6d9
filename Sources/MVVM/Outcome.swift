/// How a screen's work ended, as a view model reports it to its coordinator. View models never
/// know URLs: the coordinator turns an outcome into the next page.
public enum Outcome: Sendable, Equatable {
  case done
  case cancelled
  case failed(message: String)
}
