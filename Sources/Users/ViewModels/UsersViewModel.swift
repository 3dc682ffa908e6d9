import MVVM

/// Timehop's user list: every user with an avatar and a name. Inputs: refresh and clear cache.
@Outputs
public final class UsersViewModel {
  static let eagerAvatars = 10

  private let store: UserStore
  private let avatars: AvatarCache
  /// A one-time confirmation of the last action ("A new set of users was made").
  public var notice: String?

  public init(store: UserStore, avatars: AvatarCache) {
    self.store = store
    self.avatars = avatars
  }

  public func refresh() { store.refresh() }
  public func clearCache() { avatars.clear() }

  public var rows: [UserRow] {
    store.users.enumerated().map { index, user in
      let avatar = avatars.avatar(firstName: user.firstName, lastName: user.lastName)
      return UserRow(
        id: user.id, name: PersonViewModel.name(of: user),
        avatar: ImageViewModel(
          source: Link(UsersDestination.avatar(user.id, version: avatar.version)), width: 48,
          height: 48, alt: "", isActive: index < Self.eagerAvatars,
          placeholder: Link(Asset("avatar.svg"))))
    }
  }

  public var title: String { "Random Users" }
  public var countText: String { "\(store.users.count) users" }
  public var canClearCache: Bool { !store.isRefreshing }
  public var cannotClearCache: Bool { !canClearCache }
  public var refreshAction: UsersDestination { .refresh }
  public var clearCacheAction: UsersDestination { .clearCache }
}
