/// A place in the app a link leads to, as a value (`LeagueDestination.editMatch(id)`). View models
/// hold destinations, never URLs: the coordinator that owns the routes turns them into paths.
public protocol Destination: Sendable, Equatable {}

/// What a URL output holds: a destination in the app, or an address on the web that came with
/// the data (a song's cover, a shared link), which is used as it is.
public struct Link: Sendable {
  /// The place in the app, or nil for an address on the web.
  public let destination: (any Destination)?
  /// The address on the web, when there is no destination; empty otherwise. A stored `String`
  /// of its own (not an enum's payload), so a renderer reads it where it lies, without a copy.
  public let address: String

  /// A link to a place in the app, printed as the site's address for it when the page is written.
  public init(_ destination: some Destination) {
    self.destination = destination
    address = ""
  }

  /// An address from the data; the template still checks its scheme when it writes it.
  public static func web(_ address: String) -> Link {
    Link(address: address)
  }

  private init(address: String) {
    destination = nil
    self.address = address
  }

  /// Where `address` lies in a link, for a renderer that reads it in place.
  package static let addressOffset = MemoryLayout<Link>.offset(of: \Link.address)
}

extension Link: Equatable {
  /// Two links are equal when they lead to the same destination, or to the same address on the web.
  public static func == (left: Link, right: Link) -> Bool {
    switch (left.destination, right.destination) {
    case (nil, nil): left.address == right.address
    case (let a?, let b?): a.isEqual(to: b)
    default: false
    }
  }
}

extension Destination {
  fileprivate func isEqual(to other: any Destination) -> Bool {
    (other as? Self) == self
  }
}
