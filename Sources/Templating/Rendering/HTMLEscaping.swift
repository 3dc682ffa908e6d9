/// Escaping for HTML5 text and attribute values, on UTF-8 bytes: `& < > " '` become character
/// references, and characters HTML forbids (C0 and C1 controls other than whitespace, and
/// noncharacters) are dropped.
public enum HTMLEscaping {
  /// Per byte: 0 copies it as it is; 1 to 5 is a replacement from `replacements`; `drop` drops
  /// it; `check` starts a sequence that may be a C1 control or a noncharacter.
  private static let table: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for byte in 0..<0x20 where byte != 0x09 && byte != 0x0A && byte != 0x0C && byte != 0x0D {
      table[byte] = drop
    }
    table[0x7F] = drop
    table[0x26] = 1  // &
    table[0x3C] = 2  // <
    table[0x3E] = 3  // >
    table[0x22] = 4  // "
    table[0x27] = 5  // '
    table[0xC2] = check
    table[0xEF] = check
    return table
  }()
  private static let drop: UInt8 = 6
  private static let check: UInt8 = 7
  private static let replacements: [[UInt8]] = [
    [], Array("&amp;".utf8), Array("&lt;".utf8), Array("&gt;".utf8), Array("&#34;".utf8),
    Array("&#39;".utf8),
  ]

  static func append(_ string: String, into buffer: inout ByteBuffer) {
    // Native strings lend their UTF-8 storage directly; only others are copied first.
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
      append(bytes, into: &buffer)
    }
    if done == nil {
      var copy = string
      copy.withUTF8 { bytes in append(bytes, into: &buffer) }
    }
  }

  /// Copies runs of plain bytes with one `memcpy` each, and writes a replacement for the rest.
  static func append(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout ByteBuffer) {
    table.withUnsafeBufferPointer { table in
      let count = bytes.count
      var start = 0
      var index = 0
      while index < count {
        // Eight bytes at a time while they are plain printable ASCII (most text is), and
        // straight to the first byte that may not be.
        if index + 8 <= count, let base = bytes.baseAddress {
          let lanes = Self.lanesThatMayNeedEscaping(
            UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
          if lanes == 0 {
            index += 8
            continue
          }
          index += lanes.trailingZeroBitCount / 8
        }
        let action = table[Int(bytes[index])]
        if action == 0 {
          index += 1
          continue
        }
        var skip = 1
        if action == check {
          skip = specialLength(bytes, at: index)
          if skip == 0 {
            index += 1  // A lead byte of an ordinary character.
            continue
          }
        }
        buffer.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        if action <= 5 {
          replacements[Int(action)].withUnsafeBufferPointer { buffer.append($0) }
        }
        index += skip
        start = index
      }
      buffer.append(UnsafeBufferPointer(rebasing: bytes[start..<count]))
    }
  }

  /// Which of eight bytes (little-endian lanes, a lane's high bit set) may need more than a copy:
  /// controls, the five, DEL and every non-ASCII byte (the table decides for those, byte by byte).
  /// Plain integer arithmetic on the eight lanes at once ("SWAR"). A borrow can mark lanes above
  /// a marked one falsely, never below it, so the lowest marked lane is always a real one.
  @inline(__always)
  private static func lanesThatMayNeedEscaping(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func zeroLanes(_ value: UInt64) -> UInt64 {
      (value &- ones) & ~value & highs
    }
    let belowSpace = (word &- ones &* 0x20) & ~word & highs
    return belowSpace | word & highs | zeroLanes(word ^ (ones &* 0x7F))
      | zeroLanes(word ^ (ones &* 0x22))
      | zeroLanes((word ^ (ones &* 0x26)) & (ones &* 0xFE))  // & and '
      | zeroLanes((word ^ (ones &* 0x3C)) & (ones &* 0xFD))  // < and >
  }

  /// The length of a forbidden sequence starting at `index` (a C1 control U+0080–U+009F, a
  /// noncharacter U+FDD0–U+FDEF, U+FFFE or U+FFFF), or 0 for an ordinary character.
  private static func specialLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let count = bytes.count
    if bytes[index] == 0xC2 {
      return index + 1 < count && bytes[index + 1] >= 0x80 && bytes[index + 1] <= 0x9F ? 2 : 0
    }
    guard index + 2 < count else { return 0 }
    let second = bytes[index + 1]
    let third = bytes[index + 2]
    return (second == 0xB7 && third >= 0x90 && third <= 0xAF) || (second == 0xBF && third >= 0xBE)
      ? 3 : 0
  }

  /// The escaped bytes of `string`, for static text escaped once when a template loads.
  public static func escaped(_ string: String) -> [UInt8] {
    var buffer = ByteBuffer(capacity: string.utf8.count * 2)
    append(string, into: &buffer)
    var bytes: [UInt8] = []
    buffer.finish(into: &bytes)
    return bytes
  }
}
