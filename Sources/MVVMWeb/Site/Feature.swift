/// One part of a site (a league, a playlist): it declares its pages, registers its routes and
/// says how its destinations print, all through the `Site` it is given. The site holds no list of
/// features; whoever composes the site adds each one.
///
/// ```swift
/// struct Greetings: Feature {
///   static let home = Route("/")
///
///   func register(in site: inout Site) throws {
///     site.links(for: GreetingDestination.self) { _ in Self.home.path() }
///     site.page(Self.home, GreetingPage.self) { _ in GreetingViewModel() }
///   }
/// }
/// ```
public protocol Feature: Sendable {
  /// Adds the feature's routes, pages and links to `site`; throws what keeps it from starting
  /// (a folder it serves that cannot be opened).
  func register(in site: inout Site) throws
}
