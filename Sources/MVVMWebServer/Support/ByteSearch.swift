import Glibc

/// Byte searches and comparisons by libc, which reads a word or a vector at a time: the generic
/// `firstIndex(of:)` and `elementsEqual` step an index per byte, and every request's head passes
/// through these.
extension UnsafeBufferPointer<UInt8> {
  /// The index of the first `byte` from `lower` up to `upper` (clamped to the buffer), by
  /// `memchr`. Bounds, not a range: a search from past its end finds nothing instead of trapping.
  func firstIndex(of byte: UInt8, from lower: Int, to upper: Int) -> Int? {
    let lower = Swift.max(lower, 0)
    let upper = Swift.min(upper, count)
    guard lower < upper, let start = baseAddress else { return nil }
    // `lower < upper <= count`, so the search stays in the buffer.
    guard let found = memchr(start + lower, Int32(truncatingIfNeeded: byte), upper - lower) else {
      return nil
    }
    return UnsafeRawPointer(start).distance(to: UnsafeRawPointer(found))
  }

  /// Whether both hold the same bytes, compared by `memcmp`.
  func sameBytes(as other: some Collection<UInt8>) -> Bool {
    guard count == other.count else { return false }
    guard count > 0, let start = baseAddress else { return true }
    return other.withContiguousStorageIfAvailable { otherBytes in
      guard let otherStart = otherBytes.baseAddress else { return false }
      return memcmp(start, otherStart, count) == 0
    } ?? elementsEqual(other)
  }
}

extension UnsafeRawBufferPointer {
  /// How many leading bytes lie in whole eight-byte words that pass `isPlain`: a word test
  /// settles eight bytes at once, and only the rest need to be read one by one.
  func plainWordsPrefix(_ isPlain: (UInt64) -> Bool) -> Int {
    var index = 0
    while index + 8 <= count, isPlain(loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
      index += 8
    }
    return index
  }
}
