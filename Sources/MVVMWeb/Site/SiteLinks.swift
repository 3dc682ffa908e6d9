import Foundation
import MVVMWebServer
import MVVMWebTemplates
import MVVMWebViewModels

/// The site's addresses: every destination a view model can hold, turned into the path the
/// feature that owns it serves. Each feature gives the printer of its destination type when it
/// registers (`Site.links(for:_:)`); `Asset` is the framework's own (`/static/…`).
struct SiteLinks: LinkPrinter {
  /// Printers by destination type, each taking only its own type.
  private var printers: [ObjectIdentifier: @Sendable (any Destination) -> String?] = [:]
  /// New with every printer added, so markup kept with this site's links is kept for them alone.
  private(set) var reuseKey: UInt64? = newReuseKey()

  init() {
    add(Asset.self) { "/static/" + Self.encodedSegment($0.file) }
  }

  /// Whether `type` has a printer already.
  func knows<Target: Destination>(_ type: Target.Type) -> Bool {
    printers[ObjectIdentifier(type)] != nil
  }

  mutating func add<Target: Destination>(
    _ type: Target.Type, _ path: @escaping @Sendable (Target) -> String
  ) {
    printers[ObjectIdentifier(type)] = { destination in (destination as? Target).map(path) }
    reuseKey = Self.newReuseKey()
  }

  func path(for destination: any Destination) -> String {
    printers[ObjectIdentifier(type(of: destination))]?(destination) ?? URLSafetyBlocked.url
  }

  /// A path segment from data (an id, a file name), percent-encoded so it stays one segment.
  static func encodedSegment(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? ""
  }

  private static let segmentCharacters: CharacterSet = {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return allowed
  }()
}

/// What a destination no feature prints becomes: a URL that goes nowhere.
enum URLSafetyBlocked {
  static let url = "about:invalid#blocked"
}

extension String {
  /// This text as one path segment of an address (an id, a file name from data): percent-encoded
  /// so that no `/`, `?` or `#` in it can change the address's shape.
  ///
  /// ```swift
  /// "/media/" + file.pathSegment   // "a b/c.jpg" → "/media/a%20b%2Fc.jpg"
  /// ```
  public var pathSegment: String { SiteLinks.encodedSegment(self) }
}
