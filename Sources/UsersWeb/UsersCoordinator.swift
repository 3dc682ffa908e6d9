import MVVMWeb
import Users

/// The user list, its refresh and clear-cache actions, the person page and the avatars.
struct UsersCoordinator: Sendable {
  let store: UserStore
  let avatars: AvatarCache
  let usersPage: PageView<UsersPage>
  let personPage: PageView<PersonPage>

  init(store: UserStore, avatars: AvatarCache, site: inout Site) {
    self.store = store
    self.avatars = avatars
    usersPage = site.declare(UsersPage.self)
    personPage = site.declare(PersonPage.self)
  }

  func register(in site: inout Site) {
    site.live(
      UsersRoutes.users, usersPage, following: [.users], viewModel: { _ in listViewModel() }
    ) { request in
      UsersNotice.showing(on: request) { notice in
        let viewModel = listViewModel()
        viewModel.notice = notice
        return usersPage.render(viewModel, for: request)
      }
    }
    // The new set is made in the background: the list comes back at once in its loading state,
    // and every open list follows the refresh live (without JavaScript, "Show them" reloads).
    site.post(UsersRoutes.refresh, allowed: .everyone) { request in
      _ = try request.checkedForm()
      listViewModel().refresh()
      return .redirect(to: request.location(UsersRoutes.users.path()))
    }
    site.post(UsersRoutes.clearCache, allowed: .everyone) { request in
      _ = try request.checkedForm()
      listViewModel().clearCache()
      return UsersNotice.avatarsCleared.redirect(
        to: request.location(UsersRoutes.users.path()), for: request)
    }
    site.get(UsersRoutes.person) { request, id in
      let user = try user(id)
      let avatar = avatars.avatar(firstName: user.firstName, lastName: user.lastName)
      return personPage.render(PersonViewModel(user: user, avatar: avatar), for: request)
    }
    site.get(UsersRoutes.avatar) { request, id, _ in
      let user = try user(id)
      let avatar = avatars.avatar(firstName: user.firstName, lastName: user.lastName)
      let etag = "\"\(avatar.version)\""
      var headers: HTTPHeaders = [
        "Content-Type": "image/svg+xml", "ETag": etag,
        // The URL carries the version, so the picture behind it never changes.
        "Cache-Control": "public, max-age=31536000, immutable",
      ]
      if request.headers["if-none-match"] == etag {
        return Response(status: .notModified, headers: headers)
      }
      headers.add("X-Content-Type-Options", "nosniff")
      return Response(status: .ok, headers: headers, body: .bytes(avatar.svg))
    }
  }

  private func listViewModel() -> UsersViewModel {
    UsersViewModel(store: store, avatars: avatars)
  }

  private func user(_ id: Int) throws(HTTPError) -> User {
    guard let user = store.user(id: id) else {
      throw HTTPError(.notFound, UsersRoutes.noSuchUser)
    }
    return user
  }
}
