/// Writes bytes into room already made, one after another, and never past its end: what does not
/// fit is dropped and `fitted` turns false, so the caller can make more room and write again.
struct HeadWriter: ~Copyable {
  private let room: Slice<UnsafeMutableBufferPointer<UInt8>>
  /// How many bytes were written.
  private(set) var count = 0
  /// Whether everything written so far fitted.
  private(set) var fitted = true

  init(_ room: Slice<UnsafeMutableBufferPointer<UInt8>>) {
    self.room = room
  }

  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= room.count - count else {
      fitted = false
      return
    }
    guard let source = bytes.baseAddress, let base = room.base.baseAddress else { return }
    (base + room.startIndex + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  mutating func write(_ text: StaticString) {
    text.withUTF8Buffer { write($0) }
  }

  /// A string's bytes, copied from its storage in one go.
  mutating func write(_ text: String) {
    text.withHeaderBytes { write($0) }
  }

  /// A non-negative number's decimal digits (a negative one is written as 0: a length or a
  /// status code, none can be), from the last digit back, in place.
  mutating func writeDecimal(_ number: Int) {
    let value = UInt(max(number, 0))
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    guard digits <= room.count - count else {
      fitted = false
      return
    }
    guard let base = room.base.baseAddress else { return }
    let start = base + room.startIndex + count
    rest = value
    for place in (0..<digits).reversed() {
      start[place] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    count += digits
  }
}
