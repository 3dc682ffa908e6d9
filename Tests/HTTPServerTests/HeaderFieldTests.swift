import Testing

@testable import MVVMWebServer

/// The byte-level reading of header fields that every response goes through: names compared
/// as HTTP compares them, comma-separated items, entity tags and the fields that may not be sent.
@Suite struct HeaderFieldTests {
  @Test func namesMatchInEitherCaseAndOnlyLettersFold() {
    #expect(HTTPHeaders.same("Cache-Control", "cache-control"))
    #expect(HTTPHeaders.same("ETAG", "etag"))
    #expect(!HTTPHeaders.same("etag", "etags"))
    #expect(!HTTPHeaders.same("etag", "etaf"))
    // `[` and `{` differ only in the bit that folds letters: they are not the same name.
    #expect(!HTTPHeaders.same("x[", "x{"))
    #expect(!HTTPHeaders.same("x-a", "x\ra"))
    #expect(HTTPHeaders.same("", ""))
  }

  /// The bit masks behind `isTokenByte` against RFC 9110's list, for every byte.
  @Test func tokenBytesAreLettersDigitsAndFifteenMarks() {
    let marks = Array("!#$%&'*+-.^_`|~".utf8)
    let wrong = (0...255).map(UInt8.init).filter { byte in
      let listed =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || marks.contains(byte)
      return byte.isTokenByte != listed
    }
    #expect(wrong == [])
  }

  @Test func aTokenIsOneWholeItemOfAnyFieldOfThatName() {
    let headers: HTTPHeaders = [
      "Cache-Control": "private,\t NO-STORE ", "Connection": "keep-alive", "connection": "Upgrade",
    ]
    #expect(headers.hasToken("no-store", in: "cache-control"))
    #expect(headers.hasToken("private", in: "Cache-Control"))
    #expect(headers.hasToken("upgrade", in: "connection"))
    #expect(headers.hasToken("keep-alive", in: "CONNECTION"))
    #expect(!headers.hasToken("no-cache", in: "cache-control"))
    #expect(!headers.hasToken("store", in: "cache-control"))
    #expect(!headers.hasToken("no-store", in: "connection"))
    let odd: HTTPHeaders = ["Cache-Control": "no-store-ish, ,"]
    #expect(!odd.hasToken("no-store", in: "cache-control"))
    #expect(odd.hasToken("", in: "cache-control"))  // The empty items are there.
  }

  @Test func spacesAndTabsAreTrimmedFromBothEndsOnly() {
    #expect(" \t a b\t ".trimmingSpaces == "a b")
    #expect("ab".trimmingSpaces == "ab")
    #expect(" \t ".trimmingSpaces == "")
    #expect(Array(Array(" x\n ".utf8)[...].trimmingSpaces) == Array("x\n".utf8))
  }

  @Test func ifNoneMatchNamesATagStrongWeakListedOrStar() {
    let tag = #""abc""#
    #expect(EntityTag.matches(tag, tag))
    #expect(EntityTag.matches(#"W/"abc""#, tag))
    #expect(EntityTag.matches(#""x", "abc""#, tag))
    #expect(EntityTag.matches(" \"x\" ,\tW/\"abc\"\t", tag))
    #expect(EntityTag.matches("*", tag))
    #expect(EntityTag.matches(#""x", *"#, tag))
    #expect(EntityTag.matches(#"W/"abc""#, #"W/"abc""#))
    #expect(!EntityTag.matches(#""abcd""#, tag))
    #expect(!EntityTag.matches(#""ab""#, tag))
    #expect(!EntityTag.matches(#"w/"abc""#, tag))
    #expect(!EntityTag.matches(#"W/W/"abc""#, tag))
    #expect(!EntityTag.matches("", tag))
    #expect(!EntityTag.matches(",", tag))
    #expect(!EntityTag.matches(#""abc"x"#, tag))
  }

  /// A 304 echoes the client's own string when it sent the tag alone, and otherwise makes the
  /// tag from its bytes; a list without it, or a longer or shorter tag, confirms nothing.
  @Test func aConfirmedTagIsTheOneTheClientSentOrTheTagItself() {
    func confirmed(_ ifNoneMatch: String, _ tag: String) -> String? {
      Array(tag.utf8).withUnsafeBufferPointer { EntityTag.confirmed(ifNoneMatch, tagBytes: $0) }
    }
    let tag = #"W/"e-v1-7""#
    #expect(confirmed(tag, tag) == tag)
    #expect(confirmed(#""x", W/"e-v1-7""#, tag) == tag)
    #expect(confirmed("*", tag) == tag)
    #expect(confirmed(#"W/"e-v1-8""#, tag) == nil)
    #expect(confirmed(#"W/"e-v1-77""#, tag) == nil)
    #expect(confirmed(#"W/"e-v1-""#, tag) == nil)
    #expect(confirmed("", tag) == nil)
    #expect(confirmed("", "") == "")
  }

  @Test func aFieldThatCannotGoOnTheWireIsNamed() {
    #expect(
      (["Content-Type": "text/html", "X-Ok": "caf\u{e9}"] as HTTPHeaders).firstUnsafeField == nil)
    #expect(
      (["A": "1", "Location": "/a\r\nSet-Cookie: x"] as HTTPHeaders).firstUnsafeField == "Location")
    #expect((["X-Lf": "a\nb"] as HTTPHeaders).firstUnsafeField == "X-Lf")
    #expect((["X-Nul": "a\u{0}b"] as HTTPHeaders).firstUnsafeField == "X-Nul")
    #expect((["Bad Name": "a"] as HTTPHeaders).firstUnsafeField == "Bad Name")
    #expect((["B\u{e9}": "a"] as HTTPHeaders).firstUnsafeField == "B\u{e9}")
    #expect((["": "a"] as HTTPHeaders).firstUnsafeField == "")
  }
}

/// Header values are checked for control bytes a word at a time: the word test must let through
/// no word that holds one, in any position, and the bytes after the last whole word are read one
/// by one. Every byte value is tried at every position of a value three words long.
@Suite struct ControlByteScanTests {
  @Test func everyControlByteIsFoundAtEveryPosition() {
    let printable = Array("Mozilla/5.0 (X11; Linux x86_64) \t AppleWeb".utf8)
    var wrong: [String] = []
    for byte in UInt8.min...UInt8.max {
      let isControl = (byte < 0x20 && byte != 0x09) || byte == 0x7f
      for position in 0..<printable.count {
        var value = printable
        value[position] = byte
        let found = value.withUnsafeBufferPointer { HeadParser.holdsControlByte($0) }
        if found != isControl { wrong.append("\(byte) at \(position)") }
      }
    }
    #expect(wrong == [])
    #expect(!HeadParser.holdsControlByte(UnsafeBufferPointer(start: nil, count: 0)))
  }
}
