import Foundation
import HTTPServer

/// A one-time confirmation shown on the page a redirect leads to ("Match saved"), carried in a
/// short-lived cookie and cleared once shown, so a reload does not show it again.
enum Notice: String, CaseIterable {
  case matchSaved = "match-saved"
  case matchDeleted = "match-deleted"

  static let cookieName = "mvvmweb-notice"

  var text: String {
    switch self {
    case .matchSaved: "Match saved"
    case .matchDeleted: "Match deleted"
    }
  }

  /// A redirect that carries this notice to the next page.
  func redirect(to location: String) -> Response {
    var response = Response.redirect(to: location)
    response.headers.add(
      "Set-Cookie", "\(Self.cookieName)=\(rawValue); Path=/; Max-Age=60; HttpOnly; SameSite=Lax")
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

  /// Clears the cookie on the response that showed the notice.
  static func clear(_ response: inout Response) {
    response.headers.add("Set-Cookie", "\(cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
  }
}
