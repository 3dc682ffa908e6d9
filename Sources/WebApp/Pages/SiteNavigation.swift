import League
import MVVMWebViewModels
import Memories
import Users

/// The site object: what the layout binds on every page, below the page's own view model. The
/// links of the site's header and navigation, and the error page's way back.
///
/// Make one when the app starts and render every page with it: each destination is printed into
/// its address here, once, by the route tables, so a page writes six stored addresses (read where
/// they lie) instead of asking the link printer for six paths on every rendering.
@Outputs
public struct SiteNavigation: Sendable {
  public let home: Link
  public let matches: Link
  public let rankings: Link
  public let playlist: Link
  public let users: Link
  public let memories: Link

  public init() {
    let links = AppLinks()
    func printed(_ destination: some Destination) -> Link { .web(links.path(for: destination)) }
    // The site's front door, which sends a visitor on to the matches: no feature owns it, so
    // there is no destination for it; the address is the router's own.
    home = .web("/")
    matches = printed(LeagueDestination.matches)
    rankings = printed(LeagueDestination.rankings)
    // The playlist's plain address: `PlaylistDestination.page(1)` adds `?page=1`, for its pager.
    playlist = .web(PlaylistRoutes.playlist)
    users = printed(UsersDestination.users)
    memories = printed(MemoriesDestination.today)
  }
}
