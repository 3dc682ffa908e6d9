import Synchronization

/// What pages kept of one `Unchanging` item: up to `capacity` renderings, each a block of memory
/// whose contents the renderer writes and reads (its markup, and the conditions it holds for).
/// A view model never sees inside.
///
/// Read on every render by every thread at once, so reading takes no lock and touches no
/// reference count: the blocks form a list, newest first, that only grows (each new block is
/// put in front with a compare-and-swap) and is freed with the item. A full list keeps nothing
/// more, and its item's other renderings are written afresh each time.
///
/// Sendable though it holds raw pointers: a block is written whole before the compare-and-swap
/// that publishes it (releasing), read only after a load of the list (acquiring), never written
/// again, and freed only when no reference to the item is left.
package final class KeptRenderings: @unchecked Sendable {
  /// One item rarely shows in more than one part of a page, under more than one base path.
  package static let capacity = 4

  /// The newest block; each block begins with a `Link` to the one kept before it.
  private let newest = Atomic<UnsafeMutableRawPointer?>(nil)

  /// What each block begins with; its contents follow at `contentOffset`.
  private struct Link {
    var older: UnsafeMutableRawPointer?
    /// How many blocks, this one included, the list holds from here.
    var count: Int
  }

  /// Where a block's contents begin, aligned for any plain value the renderer writes there.
  private static let contentOffset = (MemoryLayout<Link>.size + 15) & ~15

  package init() {}

  deinit {
    var block = newest.load(ordering: .acquiring)
    while let current = block {
      block = current.load(as: Link.self).older
      current.deallocate()
    }
  }

  /// Calls `body` with each kept block's contents, newest first, until it answers true; says
  /// whether one did. Not generic, so that another module's call is not a generic one.
  package func first(where body: (UnsafeRawPointer) -> Bool) -> Bool {
    var block = newest.load(ordering: .acquiring)
    while let current = block {
      if body(UnsafeRawPointer(current + Self.contentOffset)) { return true }
      block = current.load(as: Link.self).older
    }
    return false
  }

  /// Keeps a block of `size` bytes of contents, written by `write` before any reader can see
  /// it; false, keeping nothing, when the item holds `capacity` already.
  package func keep(size: Int, _ write: (UnsafeMutableRawPointer) -> Void) -> Bool {
    guard size >= 0, size <= Int.max - Self.contentOffset else { return false }
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: Self.contentOffset + size, alignment: 16)
    write(block + Self.contentOffset)
    var older = newest.load(ordering: .acquiring)
    while true {
      let count = (older?.load(as: Link.self).count ?? 0) + 1
      guard count <= Self.capacity else {
        block.deallocate()
        return false
      }
      block.storeBytes(of: Link(older: older, count: count), as: Link.self)
      let (exchanged, found) = newest.compareExchange(
        expected: older, desired: block, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      older = found
    }
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
