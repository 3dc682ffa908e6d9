import Synchronization

/// The markup pages rendered for one `Unchanging` item, each under the conditions it holds for:
/// the template's part it is (`part`), the item's parity when that part writes it, and, only when
/// the markup used them, the link printer and the base path of its rendering. The renderer reads
/// and fills it; a view model never sees inside.
package final class KeptRenderings: Sendable {
  /// One item rarely shows in more than one part, under more than one base path: past this many,
  /// the oldest is forgotten, so a site whose conditions keep changing cannot grow it.
  package static let capacity = 4

  private let renderings = Mutex<[KeptRendering]>([])

  package init() {}

  /// Runs `body` on the renderings, under the item's lock: keep it short, it is on every render.
  package func withRenderings<Result>(_ body: (inout [KeptRendering]) -> Result) -> Result {
    renderings.withLock { body(&$0) }
  }
}

/// One rendering of an item, and what it holds for.
package struct KeptRendering: Sendable {
  /// The part of a template (a repeat's body) that made it: a number no other part has.
  package var part: UInt32
  /// The item's parity (0 or 1) when the part writes it; 0 otherwise.
  package var parity: UInt8
  /// The link printer's `reuseKey`, when the markup holds a printed destination; nil otherwise.
  package var printer: UInt64?
  /// The base path, when the markup holds it (a root-relative link); nil otherwise.
  package var basePath: [UInt8]?
  /// The markup.
  package var bytes: [UInt8]

  package init(part: UInt32, parity: UInt8, printer: UInt64?, basePath: [UInt8]?, bytes: [UInt8]) {
    self.part = part
    self.parity = parity
    self.printer = printer
    self.basePath = basePath
    self.bytes = bytes
  }
}

/// Numbers that are never handed out twice in a process: what tells a template's parts and a
/// site's link printers apart in `KeptRenderings`, across template reloads.
package enum RenderingSerial {
  private static let last = Atomic<UInt64>(0)

  /// A number not handed out before (from 1).
  package static func next() -> UInt64 {
    last.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
