import MVVMWebViewModels

/// Turns the destinations view models hold into paths. The web layer implements it with the
/// route tables of its coordinators, so a link and the route it leads to are one declaration.
public protocol LinkPrinter: Sendable {
  /// The root-relative path (`/matches/7/edit`) of `destination`, without the base path.
  func path(for destination: any Destination) -> String
}
