import Foundation
import MVVMWebServer

/// A one-time confirmation shown on the page a redirect leads to ("Match saved"), carried in a
/// short-lived cookie and cleared once shown, so a reload does not show it again. A feature
/// lists its notices as an enum; the cookie carries only the case's raw value, so no one can make
/// a page show words of their own.
///
/// The league's:
///
/// ```swift
/// enum LeagueNotice: String, Notice {
///   case matchSaved = "match-saved"
///   case matchDeleted = "match-deleted"
///   case playerAdded = "player-added"
///
///   var text: String {
///     switch self {
///     case .matchSaved: "Match saved"
///     case .matchDeleted: "Match deleted"
///     case .playerAdded: "Player added"
///     }
///   }
/// }
/// ```
///
/// and the redirect after a match is saved:
///
/// ```swift
/// LeagueNotice.matchSaved.redirect(
///   to: request.location(LeagueRoutes.path(for: .matches)), for: request)
/// ```
public protocol Notice: RawRepresentable<String>, CaseIterable, Sendable {
  /// What the page says.
  var text: String { get }
}

/// The cookie every notice travels in.
let noticeCookieName = "mvvmweb-notice"

extension Notice {
  /// A redirect that carries this notice to the next page. The cookie is `Secure` when the
  /// browser came over HTTPS (as a trusted proxy says), so it never travels in clear text then.
  public func redirect(to location: String, for request: Request) -> Response {
    var response = Response.redirect(to: location)
    response.headers.add("Set-Cookie", cookie(for: request))
    return response
  }

  /// The `Set-Cookie` value that carries this notice to the next page a browser opens: for an
  /// answer that is not a redirect (a script then takes the browser there).
  public func cookie(for request: Request) -> String {
    noticeCookie(value: rawValue, maxAge: 60, for: request)
  }

  /// The notice of this kind the request carries, if any.
  public static func carried(by request: Request) -> Self? {
    // Over the header's bytes, on every page a signed-in person asks for: Foundation's trimming
    // of each piece cost more than the rest of the page.
    for header in request.headers.values(for: "cookie") {
      for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
        guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
        let name = Self.trimmed(pair[..<equals])
        guard name.elementsEqual(noticeCookieName.utf8) else { continue }
        let value = Self.trimmed(pair[pair.index(after: equals)...])
        if let notice = Self(rawValue: String(Substring(value))) { return notice }
      }
    }
    return nil
  }

  /// `bytes` without the spaces and tabs at either end.
  private static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
    let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard let first = bytes.firstIndex(where: { !blank($0) }),
      let last = bytes.lastIndex(where: { !blank($0) })
    else { return bytes[bytes.startIndex..<bytes.startIndex] }
    return bytes[first...last]
  }

  /// Renders a page that may show the notice the request carries, and clears it once shown.
  public static func showing(
    on request: Request, _ render: (_ notice: String?) throws -> Response
  ) rethrows -> Response {
    let notice = carried(by: request)
    return shown(notice, try render(notice?.text), for: request)
  }

  /// `showing` for a page whose render waits (it reads the store).
  public static func showing(
    on request: Request, _ render: (_ notice: String?) async throws -> Response
  ) async rethrows -> Response {
    let notice = carried(by: request)
    return shown(notice, try await render(notice?.text), for: request)
  }

  /// `response`, which showed `notice`: the notice cleared, and no cache keeps the page, which
  /// is shown once.
  private static func shown(
    _ notice: Self?, _ response: Response, for request: Request
  )
    -> Response
  {
    guard notice != nil else { return response }
    var response = response
    response.headers.add("Set-Cookie", noticeCookie(value: "", maxAge: 0, for: request))
    response.headers.replaceOrAdd("Cache-Control", "no-store")
    return response
  }
}

private func noticeCookie(value: String, maxAge: Int, for request: Request) -> String {
  let secure = request.scheme == "https" ? "; Secure" : ""
  return "\(noticeCookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax\(secure)"
}
