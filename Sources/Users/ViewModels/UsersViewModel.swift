import MVVM

/// Timehop's user list: every user with an avatar and a name. Inputs: refresh and clear cache.
public final class UsersViewModel: Outputs {
  static let eagerAvatars = 10

  private let store: UserStore
  private let avatars: AvatarCache
  /// Where a user's avatar is served, given its id and version: the coordinator knows URLs.
  private let avatarURL: (User, Avatar) -> String

  public init(store: UserStore, avatars: AvatarCache, avatarURL: @escaping (User, Avatar) -> String)
  {
    self.store = store
    self.avatars = avatars
    self.avatarURL = avatarURL
  }

  public func refresh() { store.refresh() }
  public func clearCache() { avatars.clear() }

  public var rows: [UserRow] {
    store.users.enumerated().map { index, user in
      UserRow(
        id: String(user.id), name: PersonViewModel.name(of: user),
        avatar: ImageViewModel(
          url: avatarURL(user, avatars.avatar(firstName: user.firstName, lastName: user.lastName)),
          width: 48,
          height: 48, altText: "", isActive: index < Self.eagerAvatars,
          placeholderURL: "/static/avatar.svg"))
    }
  }

  public var canClearCache: Bool { !store.isRefreshing }

  public static let outputSchema = OutputSchema([
    "title": .text, "rows": .list(UserRow.outputSchema), "countText": .text, "canClearCache": .flag,
    "cannotClearCache": .flag,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "title": .text("Random Users")
    case "rows": .list(rows)
    case "countText": .text("\(store.users.count) users")
    case "canClearCache": .flag(canClearCache)
    case "cannotClearCache": .flag(!canClearCache)
    default: nil
    }
  }
}
