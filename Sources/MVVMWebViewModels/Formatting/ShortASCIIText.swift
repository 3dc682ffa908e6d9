/// Up to 32 bytes of ASCII, written from the end backwards and kept on the stack. A number's
/// digits come out last digit first, so a short number's text needs no reversal and no array;
/// at 15 bytes or fewer the `String` is a small one, and the text costs no allocation at all.
struct ShortASCIIText {
  /// The widest text: a grouped `Int.min` takes 26 bytes.
  static let capacity = 32

  private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  /// Where the text starts: it runs from here to `capacity`.
  private var start = capacity

  /// Writes `byte` before the text so far. A byte beyond the capacity is dropped rather than
  /// written out of bounds; the callers' texts are shorter.
  mutating func prepend(_ byte: UInt8) {
    guard start > 0 else { return }
    start -= 1
    let index = start
    withUnsafeMutableBytes(of: &storage) { $0[index] = byte }
  }

  /// Writes the decimal digits of `magnitude` before the text so far, with zeros before them to
  /// make at least `minimumCount` digits (at most the capacity), and a comma between each group
  /// of three when `grouped`.
  mutating func prepend(digitsOf magnitude: UInt64, minimumCount: Int = 1, grouped: Bool = false) {
    let count = min(minimumCount, Self.capacity)
    var rest = magnitude
    var written = 0
    repeat {
      if grouped, written > 0, written % 3 == 0 { prepend(UInt8(ascii: ",")) }
      prepend(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
      rest /= 10
      written += 1
    } while rest > 0 || written < count
  }

  var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

  /// Calls `body` with the text's bytes, valid only during the call.
  func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
  }
}
