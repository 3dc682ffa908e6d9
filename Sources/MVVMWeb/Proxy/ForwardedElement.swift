/// One hop of an RFC 7239 `Forwarded` header: `for=192.0.2.60;proto=https;host=example.com`.
struct ForwardedElement: Equatable {
  var forNode: String?
  var proto: String?
  var host: String?

  /// Parses a whole `Forwarded` header value into its hops, left (client side) to right (nearest
  /// proxy). Parameter names are case-insensitive; values may be tokens or quoted strings with
  /// backslash escapes. Returns nil when the value is malformed, so a broken header is ignored
  /// rather than half believed.
  static func parseList(_ value: String) -> [ForwardedElement]? {
    var scanner = Scanner(Array(value.utf8))
    var elements: [ForwardedElement] = []
    var current = ForwardedElement()
    while true {
      scanner.skipWhitespace()
      guard let name = scanner.token(), scanner.consume(UInt8(ascii: "=")) else { return nil }
      guard let parameter = scanner.quotedString() ?? scanner.token() else { return nil }
      switch name.lowercased() {
      case "for": current.forNode = parameter
      case "proto": current.proto = parameter
      case "host": current.host = parameter
      default: break
      }
      scanner.skipWhitespace()
      if scanner.isAtEnd {
        elements.append(current)
        return elements
      } else if scanner.consume(UInt8(ascii: ";")) {
        continue
      } else if scanner.consume(UInt8(ascii: ",")) {
        elements.append(current)
        current = ForwardedElement()
      } else {
        return nil
      }
    }
  }

  /// The address in a node (`"[2001:db8::1]:4711"`, `192.0.2.1:80`), without brackets or port;
  /// nil for `unknown` and obfuscated `_identifiers`.
  static func address(ofNode node: String) -> IPAddress? {
    var text = Substring(node)
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      text = text[text.index(after: text.startIndex)..<close]
    } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
      text = text[..<colon]
    }
    return IPAddress(text)
  }
}

/// A cursor over the bytes of a header value, for the token and quoted-string grammar of RFC 9110.
private struct Scanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { index == bytes.count }

  mutating func skipWhitespace() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
  }

  mutating func consume(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  mutating func token() -> String? {
    let start = index
    while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
    return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
  }

  mutating func quotedString() -> String? {
    guard consume(UInt8(ascii: "\"")) else { return nil }
    var value: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return String(decoding: value, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        value.append(bytes[index])
        index += 1
      default: value.append(byte)
      }
    }
    return nil
  }

  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}
