/// Escaping for HTML5 text and attribute values, on UTF-8 bytes: `& < > " '` become character
/// references, and characters HTML forbids (C0 and C1 controls other than whitespace, and
/// noncharacters) are dropped.
package enum HTMLEscaping {
  static func append(_ string: String, into buffer: inout ByteBuffer) {
    withUTF8Bytes(of: string) { append($0, into: &buffer) }
  }

  /// Copies plain bytes as it scans them, and writes a replacement for the rest. The scan reads
  /// sixteen bytes at a time while that many are left; then nine to fifteen as two overlapping
  /// words, or eight or fewer as one. Each block read is written out whole at once, and the
  /// output counts only its bytes before the first that may need more than a copy; the scan goes
  /// on from there. A value that needs no escaping is so written as it is read, with no second
  /// pass to copy it.
  static func append(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout ByteBuffer) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    var index = 0
    while index < count {
      let remaining = count - index
      if remaining >= 16 {
        let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
        UnsafeMutableRawPointer(buffer.reserve(16)).storeBytes(of: block, as: SIMD16<UInt8>.self)
        let lane = firstLaneThatMayNeedEscaping(block)
        buffer.advance(by: lane)
        index += lane
        if lane == 16 { continue }
      } else if remaining > 8 {
        // Nine to fifteen left: the next eight and the value's last eight, which overlap them.
        let raw = UnsafeRawPointer(base)
        let next = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let target = UnsafeMutableRawPointer(buffer.reserve(16))
        target.storeBytes(of: next, as: UInt64.self)
        let nextLanes = lanesThatMayNeedEscaping(next)
        var plain = nextLanes.trailingZeroBitCount / 8
        if nextLanes == 0 {
          // The next eight are plain, so the last word's lowest marked lane is a real byte past
          // them; it is written where it lands after them.
          let last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
          target.storeBytes(of: last, toByteOffset: remaining - 8, as: UInt64.self)
          let lastLanes = lanesThatMayNeedEscaping(last)
          plain = lastLanes == 0 ? remaining : remaining - 8 + lastLanes.trailingZeroBitCount / 8
        }
        buffer.advance(by: plain)
        index += plain
        if index == count { break }
      } else {
        // Eight or fewer left: one word, its lanes past the value's end filled with spaces.
        let spaces: UInt64 = 0x2020_2020_2020_2020 << (8 * UInt64(remaining))  // 0 for eight.
        let word =
          count >= 8
          ? UnsafeRawPointer(base).loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            &>> (8 * UInt64(8 - remaining)) | spaces
          : shortWord(base, count: count, at: index) | spaces
        UnsafeMutableRawPointer(buffer.reserve(8)).storeBytes(of: word, as: UInt64.self)
        let lanes = lanesThatMayNeedEscaping(word)
        // The lowest marked lane is a real byte of the value: padding is marked, if at all,
        // only above a real mark.
        let plain = lanes == 0 ? min(remaining, 8) : lanes.trailingZeroBitCount / 8
        buffer.advance(by: plain)
        index += plain
        if lanes == 0 { continue }
      }
      // The byte at `index` is written already, just past the output's count.
      let byte = base[index]
      switch byte {
      case UInt8(ascii: "&"): write("&amp;", into: &buffer)
      case UInt8(ascii: "<"): write("&lt;", into: &buffer)
      case UInt8(ascii: ">"): write("&gt;", into: &buffer)
      case UInt8(ascii: "\""): write("&#34;", into: &buffer)
      case UInt8(ascii: "'"): write("&#39;", into: &buffer)
      case 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "#"), 0x80...:
        // Whitespace, `#` and the lead bytes `0xC2` and `0xEF` are kept, but for C1 controls
        // and noncharacters.
        let forbidden = byte == 0xC2 || byte == 0xEF ? forbiddenLength(bytes, at: index) : 0
        if forbidden > 0 {
          index += forbidden
          continue
        }
        buffer.advance(by: 1)
      default: break  // Other C0 controls and DEL: dropped.
      }
      index += 1
    }
  }

  @inline(__always)
  private static func write(_ replacement: StaticString, into buffer: inout ByteBuffer) {
    buffer.append(
      UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
  }

  /// The bytes from `index` to the end of a value shorter than eight bytes, as little-endian
  /// lanes from lane 0, the rest zero. Overlapping reads instead of going byte by byte: two
  /// loads for four bytes or more, three for fewer.
  @inline(__always)
  private static func shortWord(_ base: UnsafePointer<UInt8>, count: Int, at index: Int) -> UInt64 {
    let remaining = count - index
    let raw = UnsafeRawPointer(base)
    if remaining >= 4 {
      let low = UInt64(raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
      let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
      return low | high << (8 * UInt64(remaining - 4))
    }
    let first = UInt64(base[index])
    let middle = UInt64(base[index + remaining / 2]) << (8 * UInt64(remaining / 2))
    let last = UInt64(base[count - 1]) << (8 * UInt64(remaining - 1))
    return first | middle | last
  }

  /// Which of eight bytes (little-endian lanes, a lane's high bit set) may need more than a copy:
  /// controls and DEL; `0xC2` and `0xEF`, the lead bytes of every forbidden character (other
  /// non-ASCII bytes are copied as they are); the five, and `#`, which shares a test with `"`,
  /// `&` and `'` (`append` decides for each, and keeps `#`). Plain integer arithmetic on the
  /// eight lanes at once ("SWAR"). A borrow can mark lanes above a marked one falsely, never
  /// below it, so the lowest marked lane is always a real one.
  @inline(__always)
  private static func lanesThatMayNeedEscaping(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func zeroLanes(_ value: UInt64) -> UInt64 {
      (value &- ones) & ~value & highs
    }
    let belowSpace = (word &- ones &* 0x20) & ~word & highs
    return belowSpace
      | zeroLanes(word ^ (ones &* 0x7F)) | zeroLanes(word ^ (ones &* 0xC2))
      | zeroLanes(word ^ (ones &* 0xEF))
      | zeroLanes((word | ones &* 0x05) ^ (ones &* 0x27))  // " # & '
      | zeroLanes((word | ones &* 0x02) ^ (ones &* 0x3E))  // < and >
  }

  /// The first of sixteen bytes that may need more than a copy, as `lanesThatMayNeedEscaping`
  /// marks them, or 16 for none. Only lane-wise arithmetic, which compiles to vector instructions
  /// (Swift's lane comparisons do not); a lane is marked by its high bit.
  @inline(__always)
  private static func firstLaneThatMayNeedEscaping(_ block: SIMD16<UInt8>) -> Int {
    let one = SIMD16<UInt8>(repeating: 1)
    // A lane's high bit is set in `~lane & (lane &- 1)` only when the lane is zero.
    @inline(__always) func zeroLanes(_ lanes: SIMD16<UInt8>) -> SIMD16<UInt8> {
      ~lanes & (lanes &- one)
    }
    let belowSpace = ~block & ~(block &+ SIMD16(repeating: 0x60))
    let deleteOrLead =
      zeroLanes(block ^ SIMD16(repeating: 0x7F)) | zeroLanes(block ^ SIMD16(repeating: 0xC2))
      | zeroLanes(block ^ SIMD16(repeating: 0xEF))
    let quotesAmpersandOrHash = zeroLanes(
      (block | SIMD16(repeating: 0x05)) ^ SIMD16(repeating: 0x27))
    let angleBracket = zeroLanes((block | SIMD16(repeating: 0x02)) ^ SIMD16(repeating: 0x3E))
    let marked = belowSpace | deleteOrLead | quotesAmpersandOrHash | angleBracket
    let halves = unsafeBitCast(marked & 0x80, to: SIMD2<UInt64>.self)
    if halves[0] != 0 { return halves[0].trailingZeroBitCount / 8 }
    if halves[1] != 0 { return 8 + halves[1].trailingZeroBitCount / 8 }
    return 16
  }

  /// The length of a forbidden sequence starting at `index` (a C1 control U+0080–U+009F, a
  /// noncharacter U+FDD0–U+FDEF, U+FFFE or U+FFFF), or 0 for an ordinary character.
  private static func forbiddenLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
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
  package static func escaped(_ string: String) -> [UInt8] {
    var buffer = ByteBuffer(capacity: string.utf8.count * 2)
    append(string, into: &buffer)
    var bytes: [UInt8] = []
    buffer.finish(into: &bytes)
    return bytes
  }
}
