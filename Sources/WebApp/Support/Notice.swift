import Foundation
import MVVMWebServer

/// A one-time confirmation shown on the page a redirect leads to ("Match saved"), carried in a
/// short-lived cookie and cleared once shown, so a reload does not show it again.
enum Notice: String, CaseIterable {
  case matchSaved = "match-saved"
  case matchDeleted = "match-deleted"
  case playerAdded = "player-added"
  case avatarsCleared = "avatars-cleared"

  static let cookieName = "mvvmweb-notice"

  var text: String {
    switch self {
    case .matchSaved: "Match saved"
    case .matchDeleted: "Match deleted"
    case .playerAdded: "Player added"
    case .avatarsCleared: "The avatar cache was emptied; avatars are drawn again as they are shown"
    }
  }

  /// A redirect that carries this notice to the next page. The cookie is `Secure` when the
  /// browser came over HTTPS (as a trusted proxy says), so it never travels in clear text then.
  func redirect(to location: String, for request: Request) -> Response {
    var response = Response.redirect(to: location)
    response.headers.add("Set-Cookie", Self.cookie(value: rawValue, maxAge: 60, for: request))
    return response
  }

  /// The notice the request carries, if any.
  static func carried(by request: Request) -> Notice? {
    for header in request.headers.values(for: "cookie") {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        if parts.count == 2, parts[0] == cookieName, let notice = Notice(rawValue: parts[1]) {
          return notice
        }
      }
    }
    return nil
  }

  /// Renders a page that may show the notice the request carries, and clears it once shown.
  static func showing(
    on request: Request, _ render: (_ notice: String?) throws -> Response
  ) rethrows -> Response {
    let notice = carried(by: request)
    var response = try render(notice?.text)
    if notice != nil { clear(&response, for: request) }
    return response
  }

  /// Clears the cookie on the response that showed the notice; that page is shown once, so no
  /// cache may keep it.
  static func clear(_ response: inout Response, for request: Request) {
    response.headers.add("Set-Cookie", cookie(value: "", maxAge: 0, for: request))
    response.headers.replaceOrAdd("Cache-Control", "no-store")
  }

  private static func cookie(value: String, maxAge: Int, for request: Request) -> String {
    let secure = request.scheme == "https" ? "; Secure" : ""
    return "\(cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax\(secure)"
  }
}
