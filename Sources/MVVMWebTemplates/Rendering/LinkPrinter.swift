import MVVMWebViewModels

/// Turns the destinations view models hold into paths. The web layer implements it with the
/// route tables of its coordinators, so a link and the route it leads to are one declaration.
package protocol LinkPrinter: Sendable {
  /// The root-relative path (`/matches/7/edit`) of `destination`, without the base path.
  func path(for destination: any Destination) -> String
  /// A number two printers share only when they print every destination alike, so markup a
  /// page kept for an `Unchanging` item, with destinations printed in it, is reused only under a
  /// printer of the same key. Nil (the default) when a printer cannot say: such markup is then
  /// rendered on every request.
  var reuseKey: UInt64? { get }
  /// Whether the viewer this printer prints for may not use the route at `path`: follow it as a
  /// link, or send a form to it (`sending`). An element whose link is refused is left out.
  func refuses(_ path: String, sending: Bool) -> Bool
}

extension LinkPrinter {
  /// Nil: markup with destinations this printer printed is not kept.
  package var reuseKey: UInt64? { nil }

  /// False: a printer that knows no rules refuses nothing.
  package func refuses(_ path: String, sending: Bool) -> Bool { false }

  /// A key no printer had before, for `reuseKey`: take a new one whenever what a printer prints
  /// changes.
  package static func newReuseKey() -> UInt64 {
    RenderingSerial.next()
  }
}
