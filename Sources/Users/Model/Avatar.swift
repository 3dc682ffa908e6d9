/// A user's picture: their initials on a colour derived from their name, as SVG. The same name
/// always gives the same picture, so `version` can make its URL cacheable forever.
public struct Avatar: Sendable, Equatable {
  public let svg: [UInt8]
  /// Changes whenever the picture would: a hash of the name.
  public let version: String

  public init(firstName: String, lastName: String) {
    let initials = String(firstName.prefix(1)) + String(lastName.prefix(1))
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over the full name.
    for byte in (firstName + " " + lastName).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hue = Int(hash % 360)
    version = String(hash, radix: 36)
    let text = """
      <svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img">\
      <rect width="160" height="160" fill="hsl(\(hue), 45%, 38%)"/>\
      <text x="80" y="80" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="64" \
      fill="#ffffff">\(Self.escaped(initials))</text></svg>
      """
    svg = Array(text.utf8)
  }

  /// Escapes text for XML content.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}
