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
      // Fast path: printable ASCII other than the five, and the bytes of most UTF-8 sequences.
      // Plain comparisons only: range patterns here cost more than the rest of the loop.
      if byte >= 0x20 && byte != 0x7F && byte != 0x26 && byte != 0x3C && byte != 0x3E
        && byte != 0x22
        && byte != 0x27 && byte != 0xC2 && byte != 0xEF
      {
        index += 1
        continue
      }
      var skip = 0
      var replacement: StaticString? = nil
      if byte == 0x26 {
        replacement = "&amp;"
      } else if byte == 0x3C {
        replacement = "&lt;"
      } else if byte == 0x3E {
        replacement = "&gt;"
      } else if byte == 0x22 {
        replacement = "&#34;"
      } else if byte == 0x27 {
        replacement = "&#39;"
      } else if byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D {
        skip = 0
      } else if byte < 0x20 || byte == 0x7F {
        skip = 1
      } else if byte == 0xC2 && index + 1 < count && bytes[index + 1] >= 0x80
        && bytes[index + 1] <= 0x9F
      {
        skip = 2  // C1 controls U+0080–U+009F.
      } else if byte == 0xEF && index + 2 < count {
        let second = bytes[index + 1]
        let third = bytes[index + 2]
        if (second == 0xB7 && third >= 0x90 && third <= 0xAF) || (second == 0xBF && third >= 0xBE) {
          skip = 3  // Noncharacters U+FDD0–U+FDEF, U+FFFE and U+FFFF.
        }
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
