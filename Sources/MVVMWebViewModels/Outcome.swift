/// How a screen's work ended, as a view model reports it to its coordinator. View models never
/// know URLs: the coordinator turns an outcome into the next page. (Cancelling a form is a link
/// away on the web, not an event, so there is no cancelled outcome.)
public enum Outcome: Sendable, Equatable {
  case done
  case failed(message: String)
}
