/// Escaping for HTML5 text and attribute values, on UTF-8 bytes: `& < > " '` become character
/// references, and characters HTML forbids (C0 and C1 controls other than whitespace, and
/// noncharacters) are dropped.
enum HTMLEscaping {
  static func append(_ string: String, into buffer: inout [UInt8]) {
    // Native strings lend their UTF-8 storage directly; only others are copied first.
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
      append(bytes, into: &buffer)
    }
    if done == nil {
      var copy = string
      copy.withUTF8 { bytes in append(bytes, into: &buffer) }
    }
  }

  static func append(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout [UInt8]) {
    var start = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      var skip = 0
      var replacement: StaticString? = nil
      switch byte {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\""): replacement = "&#34;"
      case UInt8(ascii: "'"): replacement = "&#39;"
      case 0x09, 0x0A, 0x0C, 0x0D: break
      case 0x00...0x1F, 0x7F: skip = 1
      case 0xC2 where index + 1 < count && (0x80...0x9F).contains(bytes[index + 1]):
        skip = 2  // C1 controls U+0080–U+009F.
      case 0xEF where index + 2 < count:
        let second = bytes[index + 1]
        let third = bytes[index + 2]
        if (second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE) {
          skip = 3  // Noncharacters U+FDD0–U+FDEF, U+FFFE and U+FFFF.
        }
      default: break
      }
      if replacement == nil && skip == 0 {
        index += 1
        continue
      }
      if start < index {
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
      }
      if let replacement {
        replacement.withUTF8Buffer { buffer.append(contentsOf: $0) }
        index += 1
      } else {
        index += skip
      }
      start = index
    }
    if start < count {
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count]))
    }
  }

  static func escaped(_ string: String) -> [UInt8] {
    var buffer: [UInt8] = []
    append(string, into: &buffer)
    return buffer
  }
}
