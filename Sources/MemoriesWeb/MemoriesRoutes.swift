import MVVMWeb
import Memories

/// The memories' addresses. `MemoriesCoordinator` registers its routes with these patterns, and
/// `path(for:)` prints each destination in the same shape.
enum MemoriesRoutes {
  static let today = "/issues/today"
  static let issue = "/issues/:key"
  static let detail = "/issues/:key/items/:id/:detail"
  static let media = "/media/*path"

  static func path(for destination: MemoriesDestination) -> String {
    switch destination {
    case .today: today
    case .issue(let key): "/issues/\(key)"
    case .itemInIssue(let key, let itemID): "/issues/\(key)#item-\(itemID.pathSegment)"
    case .detail(let key, let itemID, let detail):
      "/issues/\(key)/items/\(itemID.pathSegment)/\(detail.rawValue)"
    case .media(let file): "/media/\(file.pathSegment)"
    }
  }
}
