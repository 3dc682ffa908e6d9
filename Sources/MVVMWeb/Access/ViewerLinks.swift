import MVVMWebServer
import MVVMWebTemplates
import MVVMWebViewModels

/// The site's links as one kind of viewer sees them: printed as `SiteLinks` prints them, with the
/// routes this viewer may not use, so a page leaves out every element whose link leads to one. A
/// destination knows its route's rule through its path: the rule of the route that answers it.
///
/// A class, so a rendering holds it in its printer existential with a retain, not a copy.
final class ViewerLinks: LinkPrinter, Sendable {
  let links: SiteLinks
  /// The shapes (`SiteRoute.shape`) of the GET routes this viewer may not follow.
  private let refusedLinks: [[String]]
  /// The shapes of the routes that take a form (any other method) this viewer may not send to.
  private let refusedForms: [[String]]
  /// The site's key when nothing is refused (the printer prints as the site's does); a key of
  /// its own otherwise, so a row kept with an element left out is reused for this kind of
  /// viewer alone.
  let reuseKey: UInt64?

  /// The links of `routes` as `viewer` may use them.
  init(_ links: SiteLinks, routes: [SiteRoute], viewer: Viewer) {
    self.links = links
    let refused = routes.filter { route in route.access.map { !viewer.may($0) } ?? true }
    refusedLinks = refused.filter { $0.method == .get }.map(\.shape)
    refusedForms = refused.filter { $0.method != .get }.map(\.shape)
    reuseKey =
      refusedLinks.isEmpty && refusedForms.isEmpty ? links.reuseKey : Self.newReuseKey()
  }

  func path(for destination: any Destination) -> String {
    links.path(for: destination)
  }

  func refuses(_ path: String, sending: Bool) -> Bool {
    let shapes = sending ? refusedForms : refusedLinks
    return !shapes.isEmpty && shapes.contains { Self.path(path, fits: $0) }
  }

  /// Whether `path` (`/matches/0d6e…/edit?page=2`) is one the route of `shape` matches: a
  /// segment for each piece (`:` any non-empty one, `*` the rest), the query and fragment aside.
  /// Read in place, byte by byte: it runs for every link a page prints in an element that may
  /// be left out.
  static func path(_ path: String, fits shape: [String]) -> Bool {
    var path = path
    return path.withUTF8 { bytes in
      let end =
        bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
      var index = 0
      // The next segment's bytes; empty ones (`//`) are skipped, as a route's shape has none.
      func nextSegment() -> Range<Int>? {
        while index < end && bytes[index] == UInt8(ascii: "/") { index += 1 }
        guard index < end else { return nil }
        let start = index
        while index < end && bytes[index] != UInt8(ascii: "/") { index += 1 }
        return start..<index
      }
      for piece in shape {
        if piece == "*" { return true }
        guard let segment = nextSegment() else { return false }
        if piece != ":" && !bytes[segment].elementsEqual(piece.utf8) { return false }
      }
      return nextSegment() == nil
    }
  }
}

/// The site's printers for each kind of viewer, made once when the site is built: signed out,
/// each role a rule names (admin among them), and any other role, which every rule treats alike.
struct LinksByViewer: Sendable {
  let signedOut: ViewerLinks
  private let byRole: [String: ViewerLinks]
  private let otherRoles: ViewerLinks

  init(_ links: SiteLinks, routes: [SiteRoute]) {
    signedOut = ViewerLinks(links, routes: routes, viewer: .signedOut)
    let named = Set(routes.flatMap { $0.access?.roles ?? [] }).union([.admin])
    byRole = Dictionary(
      uniqueKeysWithValues: named.map { role in
        (role.name, ViewerLinks(links, routes: routes, viewer: Viewer(name: nil, role: role)))
      })
    // A role no rule names: no role of its own, so signed in is all it is to every rule.
    otherRoles = ViewerLinks(
      links, routes: routes, viewer: Viewer(name: nil, role: Role("\u{1F}other")))
  }

  /// The printer for whoever `session` is (nil: signed out).
  func links(for session: RequestSession?) -> ViewerLinks {
    guard let session else { return signedOut }
    return byRole[session.role] ?? otherRoles
  }
}
