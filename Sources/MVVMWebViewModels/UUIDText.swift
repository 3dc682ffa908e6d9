import Foundation

// The one id format of apps and their addresses, lowercase UUID text, read and written by hand:
// Foundation's `UUID(uuidString:)` goes through `sscanf`, too slow for reading every id of a page.

extension UUID {
  /// A UUID from its 36-character text, hex digits in either case: nil for anything else.
  public init?(text: String) {
    var text = text
    guard let parsed = text.withUTF8({ Self.parse($0) }) else { return nil }
    self.init(uuid: parsed)
  }

  /// A UUID from the bytes of its 36-character text, read where they lie (a database row's
  /// column, a request's bytes) without making a `String` first: nil for anything else.
  public init?(utf8 units: UnsafeBufferPointer<UInt8>) {
    guard let parsed = Self.parse(units) else { return nil }
    self.init(uuid: parsed)
  }

  private static func parse(_ units: UnsafeBufferPointer<UInt8>) -> uuid_t? {
    guard units.count == 36 else { return nil }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let complete = withUnsafeMutableBytes(of: &value) { bytes in
      var position = 0
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          guard units[position] == UInt8(ascii: "-") else { return false }
          position += 1
        }
        guard let high = hexValue(units[position]), let low = hexValue(units[position + 1])
        else { return false }
        bytes[index] = high << 4 | low
        position += 2
      }
      return true
    }
    return complete ? value : nil
  }

  /// The one id format of the app: lowercase UUID text, in the database, forms and addresses.
  public var lowercasedText: String {
    let digits: StaticString = "0123456789abcdef"
    return withUnsafeBytes(of: uuid) { raw in
      String(unsafeUninitializedCapacity: 36) { out in
        var index = 0
        for (offset, byte) in raw.enumerated() {
          if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
            out[index] = UInt8(ascii: "-")
            index += 1
          }
          out[index] = digits.utf8Start[Int(byte >> 4)]
          out[index + 1] = digits.utf8Start[Int(byte & 0x0f)]
          index += 2
        }
        return index
      }
    }
  }

  private static func hexValue(_ unit: UInt8) -> UInt8? {
    switch unit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): unit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): unit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): unit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
