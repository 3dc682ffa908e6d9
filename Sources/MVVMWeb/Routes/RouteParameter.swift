import Foundation
import MVVMWebServer
import MVVMWebViewModels

/// A value an address carries (a match's id, a page number), read from its text when a request
/// is routed and printed back into links. A route's parameters are typed by it: a segment that
/// does not read as its type names nothing, and the request is a 404 before any handler runs.
///
/// The framework's own `UUID`:
///
/// ```swift
/// extension UUID: RouteParameter {
///   /// A UUID in either case; printed in lowercase.
///   public init?(routeText: String) { self.init(text: routeText) }
///   public var routeText: String { lowercasedText }
/// }
/// ```
public protocol RouteParameter: Sendable {
  /// The value `text` names, or nil when it names none.
  init?(routeText: String)
  /// The value as an address writes it: `init(routeText:)` reads it back as the same value, so
  /// every spelling of one value prints as one address.
  var routeText: String { get }
  /// The value of a query parameter the address leaves out; nil (the default) when it must be
  /// there.
  static var whenAbsent: Self? { get }
  /// What the 404 says when `text` names no value, on a route whose last fixed segment is
  /// `place` (`"matches"` for `/matches/:id/edit`).
  static func notFound(_ text: String, place: String) -> String
}

extension RouteParameter {
  public static var whenAbsent: Self? { nil }

  public static func notFound(_ text: String, place: String) -> String {
    "There is nothing at this address: “\(text.count > 40 ? text.prefix(40) + "…" : text)” names nothing here."
  }
}

extension UUID: RouteParameter {
  /// A UUID in either case; printed in lowercase.
  public init?(routeText: String) { self.init(text: routeText) }
  public var routeText: String { lowercasedText }
}

extension String: RouteParameter {
  /// Any text: a segment, decoded.
  public init?(routeText: String) { self = routeText }
  public var routeText: String { self }
}

extension Int: RouteParameter {
  /// Decimal digits only, within `Int`'s range (a number past it names nothing): `007` is 7,
  /// printed `7`.
  public init?(routeText: String) {
    guard case .value(let number)? = DecimalNumber(routeText) else { return nil }
    self = number
  }
  public var routeText: String { String(self) }
}

extension Optional: RouteParameter where Wrapped: RouteParameter {
  /// A value, or none: a query parameter that may be left out.
  public init?(routeText: String) {
    guard let value = Wrapped(routeText: routeText) else { return nil }
    self = .some(value)
  }
  public var routeText: String { self?.routeText ?? "" }
  public static var whenAbsent: Self? { .some(.none) }
  public static func notFound(_ text: String, place: String) -> String {
    Wrapped.notFound(text, place: place)
  }
}

/// The page of a paged list an address asks for (`?page=2`): a number from 1, the first page when
/// the address names none, and printed only when it is not the first (`/matches`, not
/// `/matches?page=1`), so each page has one address.
public struct PageNumber: RouteParameter, Hashable, Comparable {
  /// From 1.
  public let number: Int

  /// The page `number`, or nil when it is below 1.
  public init?(_ number: Int) {
    guard number >= 1 else { return nil }
    self.number = number
  }

  /// The first page.
  public static let first = PageNumber(checked: 1)

  private init(checked: Int) { number = checked }

  public init?(routeText: String) {
    guard let number = Int(routeText: routeText) else { return nil }
    self.init(number)
  }
  public var routeText: String { String(number) }
  public static var whenAbsent: PageNumber? { .first }
  public static func notFound(_ text: String, place: String) -> String {
    "There is no \(place) page \"\(text)\": pages are numbered from 1."
  }
  public static func < (left: PageNumber, right: PageNumber) -> Bool { left.number < right.number }
}
