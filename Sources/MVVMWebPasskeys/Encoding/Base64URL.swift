/// The base64url encoding of WebAuthn (RFC 4648 §5, without `=` padding), in which the browser's
/// JSON carries challenges, credential IDs and a ceremony's byte strings.
///
/// ```swift
/// #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
/// #expect(Base64URL.decode("-_8", maximumLength: 16) == [0xfb, 0xff])
/// ```
public enum Base64URL {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// `bytes` as base64url text, without padding.
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count / 3 * 4 + 4)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = iterator.next()
      let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      out.append(alphabet[Int(group >> 18 & 63)])
      out.append(alphabet[Int(group >> 12 & 63)])
      if second != nil { out.append(alphabet[Int(group >> 6 & 63)]) }
      if third != nil { out.append(alphabet[Int(group & 63)]) }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes `text` encodes, or nil if it is not canonical unpadded base64url (a character
  /// outside the alphabet, padding, a length of 4n + 1, or bits left over that are not zero) or
  /// would decode to more than `maximumLength` bytes. Never reads past what the bound allows.
  public static func decode(_ text: some StringProtocol, maximumLength: Int) -> [UInt8]? {
    // One contiguous copy, read as bytes: stepping a generic string's view from another module
    // cost hundreds of instructions a character (a session cookie is read on every request).
    var text = String(text)
    return text.withUTF8 { decode($0, maximumLength: maximumLength) }
  }

  /// `decode(_:maximumLength:)` of text's bytes, read where they lie.
  package static func decode(
    _ utf8: UnsafeBufferPointer<UInt8>, maximumLength: Int
  ) -> [UInt8]? {
    let count = utf8.count
    // Decoded length of unpadded base64: 3 bytes per 4 characters, then 1 or 2 for a tail of 2
    // or 3 (a tail of 1 character is no byte at all).
    let tail = count % 4
    guard tail != 1 else { return nil }
    let length = count / 4 * 3 + (tail == 0 ? 0 : tail - 1)
    guard length <= maximumLength else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(length)
    var group: UInt32 = 0
    var filled = 0
    for character in utf8 {
      guard let value = sextet(character) else { return nil }
      group = group << 6 | UInt32(value)
      filled += 1
      if filled == 4 {
        out.append(UInt8(truncatingIfNeeded: group >> 16))
        out.append(UInt8(truncatingIfNeeded: group >> 8))
        out.append(UInt8(truncatingIfNeeded: group))
        group = 0
        filled = 0
      }
    }
    switch filled {
    case 2:
      // 12 bits: one byte and 4 bits that must be zero.
      guard group & 0xF == 0 else { return nil }
      out.append(UInt8(truncatingIfNeeded: group >> 4))
    case 3:
      // 18 bits: two bytes and 2 bits that must be zero.
      guard group & 0x3 == 0 else { return nil }
      out.append(UInt8(truncatingIfNeeded: group >> 10))
      out.append(UInt8(truncatingIfNeeded: group >> 2))
    default:
      break
    }
    return out
  }

  private static func sextet(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
    case UInt8(ascii: "-"): 62
    case UInt8(ascii: "_"): 63
    default: nil
    }
  }
}
