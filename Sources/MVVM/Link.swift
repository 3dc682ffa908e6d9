/// A place in the app a link leads to, as a value (`LeagueDestination.editMatch(id)`). View models
/// hold destinations, never URLs: the coordinator that owns the routes turns them into paths.
public protocol Destination: Sendable, Equatable {}

/// What a URL output holds: a destination in the app, or an address on the web that came with
/// the data (a song's cover, a shared link), which is used as it is.
public struct Link: Sendable {
  public enum Target: Sendable {
    case app(any Destination)
    case web(String)
  }

  public let target: Target

  public init(_ destination: some Destination) {
    target = .app(destination)
  }

  /// An address from the data; the template still checks its scheme when it writes it.
  public static func web(_ address: String) -> Link {
    Link(target: .web(address))
  }

  private init(target: Target) {
    self.target = target
  }
}

extension Link: Equatable {
  public static func == (left: Link, right: Link) -> Bool {
    switch (left.target, right.target) {
    case (.web(let a), .web(let b)): a == b
    case (.app(let a), .app(let b)): a.isEqual(to: b)
    default: false
    }
  }
}

extension Destination {
  fileprivate func isEqual(to other: any Destination) -> Bool {
    (other as? Self) == self
  }
}
