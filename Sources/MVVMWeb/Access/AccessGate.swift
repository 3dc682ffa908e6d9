import Foundation
import MVVMWebServer
import MVVMWebViewModels

/// What a route's rule lets through, asked before anything of the route runs (its values read,
/// its view model built, its store touched). A browser without a session is sent to sign in
/// and brought back (303); a signed-in person without the role gets a 403 page; an input event
/// or a live stream, which a browser's script asks for, is refused 403 whoever asks, with the
/// reason.
struct AccessGate: Sendable {
  /// The route's rule.
  let access: Access

  /// Where a browser signs in; the address it came for is carried in `return`.
  static let signInPath = "/sign-in"

  /// Returns when `request` may go on; throws the redirect to sign in (`AnswerInstead`) or the
  /// refusal (`HTTPError`) otherwise.
  func check(_ request: Request) throws {
    if case .everyone = access { return }
    let viewer = request.viewer
    if viewer.may(access) { return }
    let scripted = request.isInputEvent || LivePages.asksForEvents(request)
    guard viewer.isSignedIn || scripted else {
      let back = request.basePath + request.target
      throw AnswerInstead(
        .redirect(to: request.location(Self.signInPath) + queryString([("return", back)])))
    }
    throw HTTPError(.forbidden, Self.reason(access, viewer))
  }

  /// Why `viewer` may not use a route of `access`, in words.
  static func reason(_ access: Access, _ viewer: Viewer) -> String {
    guard viewer.isSignedIn else { return "Sign in to do this." }
    let roles = access.roles.map(\.name).sorted()
    let who = roles.isEmpty ? "signed-in people" : roles.joined(separator: " or ") + "s"
    return "This is for \(who) only: your account (\(viewer.role?.name ?? "")) may not use it. "
      + "Ask an admin if you should."
  }
}
