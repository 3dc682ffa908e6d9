/// CBOR as the tests write it: any item, in any order, duplicates and raw bytes included, so a
/// test can build both what authenticators send and what an attacker would.
indirect enum CBOR {
  case unsigned(UInt64)
  case negative(UInt64)
  case bytes([UInt8])
  case text(String)
  case array([CBOR])
  /// Entries in the order given; a key may repeat.
  case map([(CBOR, CBOR)])
  case bool(Bool)
  /// Bytes written as they are.
  case raw([UInt8])

  static func int(_ value: Int) -> CBOR {
    value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
  }

  var encoded: [UInt8] {
    switch self {
    case .unsigned(let value): Self.head(0, value)
    case .negative(let value): Self.head(1, value)
    case .bytes(let bytes): Self.head(2, UInt64(bytes.count)) + bytes
    case .text(let text): Self.head(3, UInt64(text.utf8.count)) + Array(text.utf8)
    case .array(let items): Self.head(4, UInt64(items.count)) + items.flatMap(\.encoded)
    case .map(let entries):
      Self.head(5, UInt64(entries.count)) + entries.flatMap { $0.0.encoded + $0.1.encoded }
    case .bool(let value): [value ? 0xF5 : 0xF4]
    case .raw(let bytes): bytes
    }
  }

  /// An initial byte and its argument in the shortest form.
  static func head(_ major: UInt8, _ value: UInt64) -> [UInt8] {
    let type = major << 5
    switch value {
    case 0..<24: return [type | UInt8(value)]
    case 24..<0x100: return [type | 24, UInt8(value)]
    case 0x100..<0x1_0000: return [type | 25] + bigEndian(value, 2)
    case 0x1_0000..<0x1_0000_0000: return [type | 26] + bigEndian(value, 4)
    default: return [type | 27] + bigEndian(value, 8)
    }
  }

  static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
