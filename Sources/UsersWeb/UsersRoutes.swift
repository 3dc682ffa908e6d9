import MVVMWeb
import Users

/// The user list's addresses. `UsersCoordinator` registers its routes with these patterns, and
/// `path(for:)` prints each destination in the same shape.
enum UsersRoutes {
  static let users = "/users"
  static let refresh = "/users/refresh"
  static let clearCache = "/users/clear-cache"
  static let person = "/users/:id"
  static let avatar = "/users/:id/avatar.svg"

  static func path(for destination: UsersDestination) -> String {
    switch destination {
    case .users: users
    case .refresh: refresh
    case .clearCache: clearCache
    case .person(let id): "/users/\(id)"
    case .avatar(let id, let version):
      "/users/\(id)/avatar.svg?v=\(version.pathSegment)"
    }
  }
}
