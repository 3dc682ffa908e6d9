/// Text built byte by byte: the formatters write only ASCII and their own names, so they append
/// bytes to one buffer and make one `String` at the end instead of joining strings.
struct ASCIIText {
  private var bytes: [UInt8] = []

  /// An empty text with room for `capacity` bytes (more grow the buffer).
  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  var string: String { String(decoding: bytes, as: UTF8.self) }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func append(bytes: some Sequence<UInt8>) {
    self.bytes.append(contentsOf: bytes)
  }

  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  /// The decimal digits of `number`, zeros first to make at least `minimumCount`, and a "-"
  /// before them for a negative number. `Int.min` included: its magnitude is a `UInt`.
  mutating func append(digitsOf number: Int, minimumCount: Int = 1) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = number.magnitude
    var count = 1
    var power: UInt = 1
    // `power` is the largest power of ten not above the magnitude, found without overflowing.
    while magnitude / power >= 10 {
      power *= 10
      count += 1
    }
    for _ in count..<max(count, minimumCount) { bytes.append(UInt8(ascii: "0")) }
    while power > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude / power))
      magnitude %= power
      power /= 10
    }
  }
}
