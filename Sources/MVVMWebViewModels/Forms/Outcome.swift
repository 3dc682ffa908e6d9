/// How a screen's work ended, as a view model reports it to its coordinator. View models never
/// know URLs: the coordinator turns an outcome into the next page. (Cancelling a form is a link
/// away on the web, not an event, so there is no cancelled outcome.)
public enum Outcome: Sendable, Equatable {
  /// The work is done: the coordinator moves on (a 303 to the next page).
  case done
  /// It did not work, for the reason `message`, which the view model also shows where it belongs
  /// (next to the field): the coordinator shows the form again (422).
  case failed(message: String)
}
