import League
import MVVMWeb
import MVVMWebAccounts
import Memories
import Users

/// The site object: what the layout binds on every page, below the page's own view model. The
/// links of the site's header and navigation, and the error page's way back.
///
/// Made once when the site is built, with the site's own link printer: each destination is
/// printed into its address here, once, so a page writes six stored addresses (read where they
/// lie) instead of asking for six paths on every rendering.
@Outputs
public struct SiteNavigation: Sendable {
  public let home: Link
  public let matches: Link
  public let rankings: Link
  public let playlist: Link
  public let users: Link
  public let memories: Link
  /// The person's own account: signing in, for someone signed out.
  public let account: Link

  /// The navigation, its destinations printed by `path`.
  public init(path: (any Destination) -> String) {
    func printed(_ destination: some Destination) -> Link { .web(path(destination)) }
    // The site's front door, which sends a visitor on to the matches: no feature owns it, so
    // there is no destination for it; the address is the router's own.
    home = .web("/")
    matches = printed(LeagueDestination.matches)
    rankings = printed(LeagueDestination.rankings)
    // The playlist's plain address: `PlaylistDestination.page(1)` adds `?page=1`, for its pager.
    playlist = .web("/playlist")
    users = printed(UsersDestination.users)
    memories = printed(MemoriesDestination.today)
    account = printed(AccountDestination.account)
  }
}
