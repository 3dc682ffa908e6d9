import Testing

@testable import MVVMWebPasskeys

/// base64url without padding (RFC 4648 §5), canonical only, and bounded.
@Suite struct Base64URLTests {
  @Test(
    arguments: [
      ([], ""), ([0x66], "Zg"), ([0x66, 0x6F], "Zm8"), ([0x66, 0x6F, 0x6F], "Zm9v"),
      ([0xFB, 0xFF], "-_8"), ([0xFB, 0xEF, 0xBE], "----"), ([0xFF, 0xFF, 0xFF], "____"),
    ] as [([UInt8], String)])
  func encodesAndDecodes(bytes: [UInt8], text: String) {
    #expect(Base64URL.encode(bytes) == text)
    #expect(Base64URL.decode(text, maximumLength: 3) == bytes)
  }

  @Test func everyByteRoundTrips() {
    let bytes = (0...255).map { UInt8($0) }
    #expect(Base64URL.decode(Base64URL.encode(bytes), maximumLength: 256) == bytes)
  }

  @Test(arguments: [
    "Zg==",  // padding
    "Zm8=",
    "Z",  // 4n + 1 characters
    "Zh",  // bits left over that are not zero
    "Zm9",
    "Zm+v",  // base64's alphabet, not base64url's
    "Zm/v",
    "Zm 9v",
    "Zm9v\n",
    "Zé",
  ])
  func nonCanonicalTextIsRefused(text: String) {
    #expect(Base64URL.decode(text, maximumLength: 100) == nil)
  }

  @Test func theBoundIsOnTheDecodedLength() {
    #expect(Base64URL.decode("Zm9vYg", maximumLength: 4) == Array("foob".utf8))
    #expect(Base64URL.decode("Zm9vYmE", maximumLength: 4) == nil)
    #expect(Base64URL.decode("", maximumLength: 0) == [])
    #expect(Base64URL.decode("AA", maximumLength: -1) == nil)
  }
}
