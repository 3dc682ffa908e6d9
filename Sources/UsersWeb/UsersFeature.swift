import MVVMWeb
import Users

/// The user list (Timehop's Userlist): the list with its refresh and clear-cache actions, each
/// person's page and the drawn avatars.
public struct UsersFeature: Feature {
  let store: UserStore
  let avatars: AvatarCache

  /// The users of `store`, their avatars drawn into `avatars`.
  public init(store: UserStore, avatars: AvatarCache = AvatarCache()) {
    self.store = store
    self.avatars = avatars
  }

  public func register(in site: inout Site) {
    site.links(for: UsersDestination.self) { UsersRoutes.path(for: $0) }
    UsersCoordinator(store: store, avatars: avatars, site: &site).register(in: &site)
  }
}

enum UsersPage: Page {
  typealias ViewModel = UsersViewModel
  static let template = "users.xhtml"
}

enum PersonPage: Page {
  typealias ViewModel = PersonViewModel
  static let template = "person.xhtml"
}

/// What the user list confirms after a redirect.
enum UsersNotice: String, Notice {
  case avatarsCleared = "avatars-cleared"

  var text: String {
    "The avatar cache was emptied; avatars are drawn again as they are shown"
  }
}
