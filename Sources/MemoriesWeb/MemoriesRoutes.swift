import MVVMWeb
import Memories

/// The memories' addresses, declared once: `MemoriesCoordinator` routes them and `path(for:)`
/// prints each destination from the same declaration.
enum MemoriesRoutes {
  static let today = Route("/issues/today")
  static let issue = Route("/issues/:key", IssueKey.self)
  static let detail = Route(
    "/issues/:key/items/:id/:detail", IssueKey.self, String.self, Presentable.self)
  static let media = Route("/media/*path", String.self)

  static func path(for destination: MemoriesDestination) -> String {
    switch destination {
    case .today: today.path()
    case .issue(let key): issue.path(key)
    case .itemInIssue(let key, let itemID): issue.path(key) + "#item-\(itemID.pathSegment)"
    case .detail(let key, let itemID, let detail): self.detail.path(key, itemID, detail)
    case .media(let file): media.path(file)
    }
  }

  static let noSuchDetail =
    "This memory has no such page. Go back to the issue to see what it holds."
}

extension IssueKey: RouteParameter {
  public init?(routeText: String) { self.init(routeText) }
  public var routeText: String { description }
  public static func notFound(_ text: String, place: String) -> String {
    "There is no issue for “\(text)”: an issue's address is a real date written like 20150309."
  }
}

extension Presentable: RouteParameter {
  public init?(routeText: String) { self.init(rawValue: routeText) }
  public var routeText: String { rawValue }
  public static func notFound(_ text: String, place: String) -> String {
    MemoriesRoutes.noSuchDetail
  }
}
