import Glibc
import Synchronization

/// The gzip bodies of the pages compressed last, kept with their bytes: a page that comes out the
/// same as when it was last compressed (every read of it between two writes) gets the gzip body
/// made then instead of being deflated again. A page is found by its hash and then compared byte
/// for byte, so a page that changed is never answered with an old body.
///
/// A few slots, picked by the hash, hold one page each, and only pages up to `largestPage` are
/// kept: at most `slotCount` pages and their gzip bodies stay in memory.
final class RecentlyCompressed: Sendable {
  static let slotCount = 16
  static let largestPage = 1 << 20

  private struct Entry {
    let hash: UInt64
    let page: [UInt8]
    let gzip: [UInt8]
  }

  private let slots = Mutex<[Entry?]>(Array(repeating: nil, count: slotCount))

  /// The gzip body of `page`, whose hash is `hash`: the one kept from last time, or one made
  /// now with `compress` (and kept); nil if `compress` fails.
  func gzip(
    _ page: [UInt8], hash: UInt64, compress: ([UInt8]) -> [UInt8]?
  ) -> [UInt8]? {
    let slot = Int(hash % UInt64(Self.slotCount))
    if let kept = slots.withLock({ $0[slot] }), kept.hash == hash, Self.same(kept.page, page) {
      return kept.gzip
    }
    guard let gzip = compress(page) else { return nil }
    if page.count <= Self.largestPage {
      slots.withLock { $0[slot] = Entry(hash: hash, page: page, gzip: gzip) }
    }
    return gzip
  }

  private static func same(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    left.withUnsafeBytes { left in
      right.withUnsafeBytes { right in
        guard left.count == right.count else { return false }
        guard let first = left.baseAddress, let second = right.baseAddress else { return true }
        return memcmp(first, second, left.count) == 0
      }
    }
  }
}
