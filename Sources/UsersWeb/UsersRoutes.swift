import MVVMWeb
import Users

/// The user list's addresses, declared once: `UsersCoordinator` routes them and `path(for:)`
/// prints each destination from the same declaration.
enum UsersRoutes {
  static let users = Route("/users")
  static let refresh = Route("/users/refresh")
  static let clearCache = Route("/users/clear-cache")
  static let person = Route("/users/:id", Int.self, notFound: noSuchUser)
  /// `v` is the avatar's version: a new picture gets a new address, so the old one can be kept
  /// for ever.
  static let avatar = Route("/users/:id/avatar.svg?v", Int.self, String?.self, notFound: noSuchUser)

  static func path(for destination: UsersDestination) -> String {
    switch destination {
    case .users: users.path()
    case .refresh: refresh.path()
    case .clearCache: clearCache.path()
    case .person(let id): person.path(id)
    case .avatar(let id, let version): avatar.path(id, version)
    }
  }

  static let noSuchUser =
    "There is no user at this address. The list may have been refreshed since."
}
