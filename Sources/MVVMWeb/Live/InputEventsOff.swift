import MVVMWebServer

/// With live updates turned off (`LiveSettings.maxStreams` 0), the forms' live inputs are off
/// too: an input event is answered `204 No Content` before any route reads the store or builds
/// a view model, and the browser's script stops sending the form's events. Every form is then the
/// plain form it is without JavaScript, and its Save posts as always.
package struct InputEventsOff: Middleware {
  /// Answers every input event with 204, and lets everything else through.
  package init() {}

  package func respond(to request: inout Request, next: Next) -> Response {
    guard request.isInputEvent else { return next(&request) }
    var response = Response(status: .noContent)
    response.headers.add("Cache-Control", "no-store")
    return response
  }
}
