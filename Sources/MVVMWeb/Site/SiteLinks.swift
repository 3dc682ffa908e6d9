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
    // A file in a folder of the public one (`screenshots/a.png`) keeps its slashes.
    add(Asset.self) { "/static/" + Self.encodedSegments($0.file) }
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

  /// A path segment from data (an id, a file name), percent-encoded so it stays one segment:
  /// everything but RFC 3986's unreserved characters (ASCII letters and digits, `-._~`) is
  /// escaped, a letter outside ASCII as its UTF-8 bytes, so an address is plain ASCII.
  static func encodedSegment(_ text: String) -> String {
    percentEncoded(text)
  }

  /// A path of several segments from data (`screenshots/a b.png`), each encoded as one and
  /// joined with the slashes that separate them.
  static func encodedSegments(_ text: String) -> String {
    text.split(separator: "/", omittingEmptySubsequences: false)
      .map { encodedSegment(String($0)) }.joined(separator: "/")
  }

  /// `text` with every character but RFC 3986's unreserved ones (ASCII letters and digits,
  /// `-._~`) percent-encoded, a letter outside ASCII as its UTF-8 bytes: a path segment, or a
  /// query's name or value. Text of those characters alone (ids, page numbers) comes back as
  /// it is without asking Foundation, whose `CharacterSet` lookups cost thousands of
  /// instructions a call, more than the rest of a page's links together.
  static func percentEncoded(_ text: String) -> String {
    if text.utf8.allSatisfy(isUnreserved) { return text }
    return text.addingPercentEncoding(withAllowedCharacters: unencodedCharacters) ?? ""
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// RFC 3986's unreserved characters: `CharacterSet.alphanumerics` would let every letter and
  /// digit of Unicode through unescaped.
  private static let unencodedCharacters = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
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
  /// let file = "a b/c.jpg"
  /// #expect("/media/" + file.pathSegment == "/media/a%20b%2Fc.jpg")
  /// ```
  public var pathSegment: String { SiteLinks.encodedSegment(self) }
}
