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
  /// before them for a negative number.
  mutating func append(digitsOf number: Int, minimumCount: Int = 1) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    var digits = ShortASCIIText()
    digits.prepend(digitsOf: UInt64(number.magnitude), minimumCount: minimumCount)
    digits.withBytes { bytes.append(contentsOf: $0) }
  }
}
