import MVVMWebServer
import MVVMWebViewModels

/// One method and pattern a site answers, as it was registered: what `build()` checks against
/// the others and the app command's `routes` lists.
public struct SiteRoute: Sendable, Equatable {
  /// Which of the store's lanes a route's handler runs on.
  public enum Lane: String, Sendable {
    /// The store's read threads.
    case read
    /// The store's write threads.
    case write
  }

  /// The method (a GET answers HEAD too).
  public let method: HTTPMethod
  /// The path pattern, as the router matches it (`/matches/:id/edit`).
  public let pattern: String
  /// The template of the page it renders, if it renders one.
  public let page: String?
  /// The store lane its handler runs on; nil when it runs on the thread that read the request.
  public let lane: Lane?
  /// Who may use it; nil for a route that writes and names no rule (refused by `build()`).
  public let access: Access?
  /// Where the route is declared (`LeagueWeb/LeagueRoutes.swift:12`).
  public let declaredAt: String

  /// The pattern's segments with their parameters' names left out: two routes of one method
  /// with the same shape match the same addresses.
  var shape: [String] {
    pattern.split(separator: "/").map { part in
      if part.hasPrefix(":") { return ":" }
      if part.hasPrefix("*") { return "*" }
      return String(part)
    }
  }

  /// The pattern's segments.
  var segments: [Substring] { pattern.split(separator: "/") }
}
