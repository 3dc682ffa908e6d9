/// Percent-decoding for paths, queries and form bodies, strict about what it accepts: a `%` must
/// be followed by two hex digits and the result must be valid UTF-8, or the input is refused.
enum PercentDecoding {
  static func decode(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) -> String? {
    // Most segments and values have nothing to decode (every request's path passes here): they
    // are only checked as UTF-8, with no array built byte by byte.
    if !bytes.contains(where: { $0 == UInt8(ascii: "%") || plusIsSpace && $0 == UInt8(ascii: "+") })
    {
      // Read where the bytes lie when they lie in one piece (a string's, an array's). ASCII
      // needs no validation, and the standard library's validating path is far dearer than the
      // check for a short segment.
      let plain = bytes.withContiguousStorageIfAvailable { bytes in
        bytes.allSatisfy { $0 < 0x80 }
          ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
      }
      return plain ?? String(validating: bytes, as: UTF8.self)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        let high = bytes.index(after: index)
        guard high != bytes.endIndex else { return nil }
        let low = bytes.index(after: high)
        guard low != bytes.endIndex, let h = hexValue(bytes[high]), let l = hexValue(bytes[low])
        else { return nil }
        output.append(h << 4 | l)
        index = bytes.index(after: low)
        continue
      }
      output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
      index = bytes.index(after: index)
    }
    return String(validating: output, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
