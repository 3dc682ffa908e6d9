/// The scheme check for URL attributes: http, https, mailto and relative URLs pass; anything
/// else (javascript:, data:, vbscript:, however spelled) becomes a URL that goes nowhere.
enum URLSafety {
  static let blocked = "about:invalid#blocked"
  private static let allowedSchemes: Set<[UInt8]> = [
    Array("http".utf8), Array("https".utf8), Array("mailto".utf8),
  ]

  /// Reads the value the way a browser's URL parser does (leading controls and spaces stripped,
  /// tabs and newlines ignored anywhere), and looks at what comes before the first `:`. A colon
  /// before any `/`, `?` or `#` means a scheme, and only the allowed ones pass.
  static func isSafe(_ value: String) -> Bool {
    var scheme: [UInt8] = []
    var leading = true
    for byte in value.utf8 {
      if leading && byte <= 0x20 { continue }
      leading = false
      switch byte {
      case 0x09, 0x0A, 0x0D: continue
      case UInt8(ascii: ":"): return allowedSchemes.contains(scheme)
      case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): scheme.append(byte | 0x20)
      default: scheme.append(byte)
      }
    }
    return true
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
    value.hasPrefix("/") && !value.hasPrefix("//") && !value.hasPrefix("/\\")
  }
}
