import Testing

@testable import MVVMWebPasskeys

/// The CBOR decoder on the subset WebAuthn uses, and on everything outside it: each refusal with
/// its problem and the offset of the item at fault.
@Suite struct CBORDecoderTests {
  func decode(_ bytes: [UInt8]) throws(CBORError) -> CBORValue {
    try CBORDecoder.decode(bytes[...])
  }

  @Test func theSubsetDecodes() throws {
    #expect(try decode([0x00]) == .unsigned(0))
    #expect(try decode([0x17]) == .unsigned(23))
    #expect(try decode([0x18, 0x18]) == .unsigned(24))
    #expect(try decode([0x19, 0x01, 0x00]) == .unsigned(256))
    #expect(try decode([0x1B] + Array(repeating: 0xFF, count: 8)) == .unsigned(.max))
    #expect(try decode([0x20]) == .negative(0))
    #expect(try decode([0x26]).int == -7)
    #expect(try decode([0x39, 0x01, 0x00]).int == -257)
    // -2^64 decodes, and is no Int.
    let smallest = try decode([0x3B] + Array(repeating: 0xFF, count: 8))
    #expect(smallest == .negative(.max))
    #expect(smallest.int == nil)
    #expect(try decode([0x43, 1, 2, 3]) == .bytes([1, 2, 3]))
    #expect(try decode([0x62, 0x68, 0x69]) == .text("hi"))
    #expect(try decode([0x82, 0xF4, 0xF5]) == .array([.bool(false), .bool(true)]))
    #expect(
      try decode([0xA2, 0x01, 0x02, 0x61, 0x61, 0x40])
        == .map([.unsigned(1): .unsigned(2), .text("a"): .bytes([])]))
  }

  @Test(
    arguments: [
      // What is refused, the problem, and the offset of the item at fault.
      ([0x18], CBORProblem.truncated, 0),
      ([0x43, 1, 2], .truncated, 0),
      ([0x82, 0x01, 0x18], .truncated, 2),
      ([0xA1, 0x01, 0x18], .truncated, 2),
      ([0x5B, 0x80, 0, 0, 0, 0, 0, 0, 0], .truncated, 0),  // a length past Int.max
      ([0x1C], .reservedAdditionalInformation(28), 0),
      ([0x5F, 0x41, 0x00, 0xFF], .indefiniteLength, 0),
      ([0x9F, 0xFF], .indefiniteLength, 0),
      ([0xBF, 0xFF], .indefiniteLength, 0),
      ([0xFF], .indefiniteLength, 0),
      ([0xC2, 0x41, 0x01], .tag, 0),
      ([0xF9, 0x3C, 0x00], .float, 0),
      ([0xFB] + Array(repeating: 0, count: 8), .float, 0),
      ([0xF6], .unsupportedSimpleValue(22), 0),  // null
      ([0xF7], .unsupportedSimpleValue(23), 0),  // undefined
      ([0xF8, 0x20], .unsupportedSimpleValue(32), 0),
      ([0x82, 0x01, 0xFC], .reservedAdditionalInformation(28), 2),
      ([0x62, 0xC3, 0x28], .invalidUTF8, 0),
      ([0x63, 0xED, 0xA0, 0x80], .invalidUTF8, 0),  // a UTF-16 surrogate, encoded
      ([0xA1, 0x41, 0x00, 0x00], .mapKeyNotIntegerOrText, 1),
      ([0xA1, 0x80, 0x00], .mapKeyNotIntegerOrText, 1),
      ([0xA2, 0x01, 0x00, 0x01, 0x00], .duplicateMapKey, 3),
      ([0xA2, 0x61, 0x61, 0x00, 0x61, 0x61, 0x01], .duplicateMapKey, 4),
      ([0x00, 0x00], .trailingBytes(1), 1),
      // Counts that could not fit in what remains are refused before anything is allocated.
      ([0x9B] + Array(repeating: 0xFF, count: 8), .tooManyItems(.max), 0),
      ([0x83, 0x01, 0x02], .tooManyItems(3), 0),
      ([0xA2, 0x01, 0x02, 0x03], .tooManyItems(2), 0),
      ([0x99, 0x04, 0x01] + Array(repeating: 0, count: 1025), .tooManyItems(1025), 0),
    ] as [([UInt8], CBORProblem, Int)])
  func outsideTheSubsetIsRefused(bytes: [UInt8], problem: CBORProblem, offset: Int) {
    #expect(throws: CBORError(offset: offset, problem: problem)) { try decode(bytes) }
  }

  @Test func nestingIsBounded() throws {
    let limit = CBORDecoder.maximumDepth
    let deepest = Array(repeating: UInt8(0x81), count: limit) + [0x00]
    #expect(throws: Never.self) { try decode(deepest) }
    let tooDeep = Array(repeating: UInt8(0x81), count: limit + 1) + [0x00]
    #expect(throws: CBORError(offset: limit, problem: .tooDeep(limit: limit))) {
      try decode(tooDeep)
    }
  }

  @Test func aPrefixEndsWhereItsItemEnds() throws {
    let bytes: [UInt8] = [0xFF, 0xA1, 0x01, 0x02, 0x99]
    let (value, end) = try CBORDecoder.decodePrefix(bytes[1...])
    #expect(value == .map([.unsigned(1): .unsigned(2)]))
    #expect(end == 4)
    // Offsets count from the slice's start.
    let cut: [UInt8] = [0xFF, 0x82, 0x01, 0x18]
    #expect(throws: CBORError(offset: 2, problem: .truncated)) {
      try CBORDecoder.decodePrefix(cut[1...])
    }
  }
}
