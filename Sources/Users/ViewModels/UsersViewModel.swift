import MVVMWebViewModels

/// Timehop's user list: every user with an avatar and a name. Inputs: refresh and clear cache.
/// Its outputs come from one snapshot of the store, taken when it is built and after its own
/// refresh starts: a refresh landing while a page renders cannot mix two sets in one page. A
/// page rendered later builds a new view model.
@Outputs
public final class UsersViewModel {
  static let eagerAvatars = 10

  private let store: UserStore
  private let avatars: AvatarCache
  private var state: UserStore.Snapshot
  /// A one-time confirmation of the last action ("The avatar cache was emptied…").
  public var notice: String?

  public init(store: UserStore, avatars: AvatarCache) {
    self.store = store
    self.avatars = avatars
    state = store.snapshot()
  }

  /// Starts making a new set; `done` runs when it is in place (the page follows by itself). The
  /// outputs then show the refresh under way.
  public func refresh(then done: @escaping @Sendable () -> Void = {}) {
    store.refresh(then: done)
    state = store.snapshot()
  }
  public func clearCache() { avatars.clear() }

  public var rows: [UserRow] {
    state.users.enumerated().map { index, user in
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
  public var countText: String { "\(state.users.count) users" }
  /// While a new set is being made, the list says so, is marked busy, and neither action is
  /// offered (a second refresh would only join the first).
  public var isRefreshing: Bool { state.isRefreshing }
  public var refreshingText: String? { isRefreshing ? "Making a new set of users…" : nil }
  /// The state `cannotClearCache` shows (a button is disabled, not enabled, by an attribute).
  @OutputIgnored public var canClearCache: Bool { !isRefreshing }
  public var cannotClearCache: Bool { !canClearCache }
  /// The list again: "Show them" once a new set is in place.
  public var users: UsersDestination { .users }
  public var refreshAction: UsersDestination { .refresh }
  public var clearCacheAction: UsersDestination { .clearCache }
}
