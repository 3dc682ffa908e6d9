import HTTPServer
import MVVM
import Users

/// The user list, its refresh and clear-cache actions, the person page and the avatars.
struct UsersCoordinator: Sendable {
  let store: UserStore
  let avatars: AvatarCache
  let pages: PageRenderer

  func register(in router: inout Router) {
    router.get("/users") { request in
      let viewModel = listViewModel()
      let rows = viewModel.rows.map {
        ExtendedOutputs($0, ["link": .url("/users/\($0.id)")]) as any Outputs
      }
      return pages.render(.users, ExtendedOutputs(viewModel, ["rows": .list(rows)]), for: request)
    }
    router.post("/users/refresh") { request in
      _ = try request.checkedForm()
      listViewModel().refresh()
      return .redirect(to: request.location("/users"))
    }
    router.post("/users/clear-cache") { request in
      _ = try request.checkedForm()
      listViewModel().clearCache()
      return .redirect(to: request.location("/users"))
    }
    router.get("/users/:id") { request in
      let user = try user(request)
      let avatar = avatars.avatar(firstName: user.firstName, lastName: user.lastName)
      return pages.render(
        .person, PersonViewModel(user: user, avatarURL: Self.avatarURL(user, avatar)), for: request)
    }
    router.get("/users/:id/avatar.svg") { request in
      let user = try user(request)
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
    UsersViewModel(store: store, avatars: avatars, avatarURL: Self.avatarURL)
  }

  private func user(_ request: Request) throws -> User {
    guard let id = request.routeParameters["id"].flatMap({ Int($0) }), let user = store.user(id: id)
    else {
      throw HTTPError(
        .notFound, "There is no user at this address. The list may have been refreshed since.")
    }
    return user
  }

  private static func avatarURL(_ user: User, _ avatar: Avatar) -> String {
    "/users/\(user.id)/avatar.svg?v=\(avatar.version)"
  }
}
