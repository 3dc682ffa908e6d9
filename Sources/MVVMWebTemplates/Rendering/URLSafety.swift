/// The scheme check for URL attributes: http, https, mailto and relative URLs pass; anything
/// else (javascript:, data:, vbscript:, however spelled) becomes a URL that goes nowhere.
enum URLSafety {
  static let blocked = "about:invalid#blocked"

  /// Reads the value the way a browser's URL parser does (leading controls and spaces stripped,
  /// tabs and newlines ignored anywhere), and looks at what comes before the first `:`. A colon
  /// before any `/`, `?` or `#` means a scheme, and only the allowed ones pass.
  static func isSafe(_ value: String) -> Bool {
    withUTF8Bytes(of: value, isSafe)
  }

  @inline(__always)
  static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Most addresses from data begin `https://` or `http://`: one comparison each, in place.
    if let base = bytes.baseAddress, bytes.count >= 8 {
      let head = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
      if head == https || head & 0x00FF_FFFF_FFFF_FFFF == http { return true }
    }
    return hasSafeScheme(bytes)
  }

  private static func hasSafeScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // The scheme, lowercased, packed into an integer: no allocation on the render path.
    var scheme: UInt64 = 0
    var length = 0
    var leading = true
    for byte in bytes {
      if leading && byte <= 0x20 { continue }
      leading = false
      switch byte {
      case 0x09, 0x0A, 0x0D: continue
      case UInt8(ascii: ":"): return length <= 8 && allowedSchemes.contains(scheme)
      case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
      default:
        length += 1
        let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        scheme = scheme << 8 | UInt64(lowered)
      }
    }
    return true
  }

  /// `https://` and `http://` as their bytes load into an integer (little-endian: `h` 0x68 in the
  /// lowest byte, then `t` 0x74, `p` 0x70, `s` 0x73, `:` 0x3A, `/` 0x2F). Written out, as a
  /// `static let` is checked for its first use on every read. A wrong constant would only send
  /// addresses the longer way, to the same answer.
  private static var https: UInt64 { 0x2F2F_3A73_7074_7468 }
  private static var http: UInt64 { 0x002F_2F3A_7074_7468 }

  /// http, https and mailto, packed as `hasSafeScheme` packs a scheme: three comparisons, no
  /// hashing.
  private static let allowedSchemes = AllowedSchemes(
    http: packed("http"), https: packed("https"), mailto: packed("mailto"))

  private struct AllowedSchemes {
    let http: UInt64
    let https: UInt64
    let mailto: UInt64

    func contains(_ scheme: UInt64) -> Bool {
      scheme == http || scheme == https || scheme == mailto
    }
  }

  private static func packed(_ name: StaticString) -> UInt64 {
    name.withUTF8Buffer { $0.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
  }

  /// Every candidate of a `srcset` must be safe, or the whole value is blocked.
  static func isSafeSourceSet(_ value: String) -> Bool {
    value.split(separator: ",").allSatisfy { candidate in
      let url = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first
      return url.map { isSafe(String($0)) } ?? true
    }
  }

  /// Whether a URL is root-relative (`/matches`), so it gets the base path in front.
  static func isRootRelative(_ value: String) -> Bool {
    withUTF8Bytes(of: value, isRootRelative)
  }

  static func isRootRelative(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.first == UInt8(ascii: "/") else { return false }
    guard bytes.count > 1 else { return true }
    return bytes[1] != UInt8(ascii: "/") && bytes[1] != UInt8(ascii: "\\")
  }
}
