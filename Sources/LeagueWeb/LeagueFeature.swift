import League
import MVVMWeb

/// The league (SwiftGoal): matches, the match form and its "add a player" child flow, the
/// player form and the rankings, on `store`, every store call on `data`'s threads.
public struct LeagueFeature: Feature {
  let store: any LeagueStore
  let data: StoreWork

  /// The league on `store`; `data` runs the handlers that touch it.
  public init(store: any LeagueStore, data: StoreWork) {
    self.store = store
    self.data = data
  }

  public func register(in site: inout Site) {
    site.links(for: LeagueDestination.self) { LeagueRoutes.path(for: $0) }
    LeagueCoordinator(store: store, data: data, site: &site).register(in: &site)
  }
}
