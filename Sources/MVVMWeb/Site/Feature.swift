/// One part of a site (a league, a playlist): it declares its pages, registers its routes and
/// says how its destinations print, all through the `Site` it is given. The site holds no list of
/// features; whoever composes the site adds each one.
///
/// The league's numbers page:
///
/// ```swift
/// public struct LeagueNumbersFeature: Feature {
///   static let route = Route("/numbers")
///   let store: any LeagueStore
///   let data: StoreWork
///
///   public init(store: any LeagueStore, data: StoreWork) {
///     self.store = store
///     self.data = data
///   }
///
///   public func register(in site: inout Site) {
///     site.page(Self.route, LeagueNumbersViewModel.self, store: data, following: [.league]) { _ in
///       try LeagueNumbersViewModel(store: store)
///     }
///   }
/// }
/// ```
///
/// and the demo's site adds it:
///
/// ```swift
/// try site.add(LeagueNumbersFeature(store: stores.league, data: data))
/// ```
public protocol Feature: Sendable {
  /// Adds the feature's routes, pages and links to `site`; throws what keeps it from starting
  /// (a folder it serves that cannot be opened).
  func register(in site: inout Site) throws
}
