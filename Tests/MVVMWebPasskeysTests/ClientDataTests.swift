import Testing

@testable import MVVMWebPasskeys

/// Client data JSON (WebAuthn §5.8.1) through our own reader: the members a relying party
/// checks, and JSON that is malformed, ambiguous or outside its bounds refused at its offset.
@Suite struct ClientDataTests {
  func read(_ text: String) throws(PasskeyError) -> ClientData {
    try ClientData(json: Array(text.utf8))
  }

  @Test func theMembersAreRead() throws {
    let data = try read(
      #"{"type":"webauthn.get","challenge":"AAEC","origin":"https://example.com","crossOrigin":false,"topOrigin":"https://a.test","extraData":{"n":[1,-2.5e+3,null,true,{}]},"other":"\u00e9\ud83d\ude00\n\"\\\/"}"#
    )
    #expect(data.type == "webauthn.get")
    #expect(data.challenge == "AAEC")
    #expect(data.origin == "https://example.com")
    #expect(data.crossOrigin == false)
    #expect(data.topOrigin == "https://a.test")
  }

  @Test func escapesAreDecoded() throws {
    let data = try read(
      #"{"type":"t\u0065st","challenge":"\ud83d\ude00\u00e9\t","origin":" é "}"#)
    #expect(data.type == "test")
    #expect(data.challenge == "😀é\t")
    #expect(data.origin == " é ")
    #expect(data.crossOrigin == nil)
  }

  /// U+FEFF is a byte order mark only before the object; inside a string it is a character
  /// (FuzzClientData found Foundation's JSONSerialization dropping it there).
  @Test func aByteOrderMarkInsideAStringIsKept() throws {
    let text = "{\"type\":\"a\",\"challenge\":\"\u{FEFF}NEiS\",\"origin\":\"\u{FEFF}\"}"
    let data = try read(text)
    #expect(data.challenge.unicodeScalars.map(\.value) == [0xFEFF, 0x4E, 0x45, 0x69, 0x53])
    #expect(data.origin == "\u{FEFF}")
  }

  @Test func aByteOrderMarkAndWhiteSpaceAreSkipped() throws {
    let text = " \n\t{ \"type\" : \"a\" , \"challenge\":\"b\",\"origin\":\"c\" } \r\n"
    #expect(try ClientData(json: [0xEF, 0xBB, 0xBF] + Array(text.utf8)).origin == "c")
  }

  @Test func membersOfTheWrongTypeOrMissingAreRefused() {
    #expect(throws: PasskeyError.missingClientDataMember("type")) {
      try read(#"{"challenge":"b","origin":"c"}"#)
    }
    #expect(throws: PasskeyError.missingClientDataMember("origin")) {
      try read(#"{"type":"a","challenge":"b"}"#)
    }
    #expect(throws: PasskeyError.clientDataMemberType("challenge", expected: "string")) {
      try read(#"{"type":"a","challenge":["b"],"origin":"c"}"#)
    }
    #expect(throws: PasskeyError.clientDataMemberType("crossOrigin", expected: "boolean")) {
      try read(#"{"type":"a","challenge":"b","origin":"c","crossOrigin":"false"}"#)
    }
    #expect(throws: PasskeyError.clientDataMemberType("topOrigin", expected: "string")) {
      try read(#"{"type":"a","challenge":"b","origin":"c","topOrigin":null}"#)
    }
  }

  @Test(
    arguments: [
      // The text, the problem, and its byte offset.
      ("", JSONProblem.notAnObject, 0),
      ("[]", .notAnObject, 0),
      ("\"x\"", .notAnObject, 0),
      ("{", .unexpectedEnd, 1),
      (#"{"a"}"#, .unexpected(UInt8(ascii: "}")), 4),
      (#"{"a":1,}"#, .unexpected(UInt8(ascii: "}")), 7),
      (#"{"a":1 "b":2}"#, .unexpected(UInt8(ascii: "\"")), 7),
      (#"{'a':1}"#, .unexpected(UInt8(ascii: "'")), 1),
      (#"{"a":tru}"#, .unexpected(UInt8(ascii: "}")), 8),
      (#"{"a":01}"#, .unexpected(UInt8(ascii: "1")), 6),
      (#"{"a":1.}"#, .unexpected(UInt8(ascii: "}")), 7),
      (#"{"a":-}"#, .unexpected(UInt8(ascii: "}")), 6),
      (#"{"a":1e}"#, .unexpected(UInt8(ascii: "}")), 7),
      (#"{"a":+1}"#, .unexpected(UInt8(ascii: "+")), 5),
      (#"{"a":"\x"}"#, .invalidEscape, 6),
      (#"{"a":"\u12"}"#, .invalidEscape, 6),
      (#"{"a":"\ud800"}"#, .loneSurrogate, 6),
      (#"{"a":"\ud800\u0041"}"#, .loneSurrogate, 6),
      (#"{"a":"\udc00"}"#, .loneSurrogate, 6),
      ("{\"a\":\"\u{01}\"}", .controlCharacter, 6),
      (#"{"a":"x"#, .unexpectedEnd, 7),
      (#"{"a":1,"a":2}"#, .duplicateMember("a"), 7),
      (#"{"type":"a","type":"b"}"#, .duplicateMember("type"), 12),
      (#"{} {}"#, .trailingBytes, 3),
      (#"{"a":[[[[[[[[1]]]]]]]]}"#, .tooDeep(limit: 8), 12),
    ] as [(String, JSONProblem, Int)])
  func malformedJSONIsRefusedAtItsOffset(text: String, problem: JSONProblem, offset: Int) {
    #expect(throws: PasskeyError.malformedClientData(offset: offset, problem)) { try read(text) }
  }

  @Test func bytesThatAreNotUTF8AreRefused() {
    let prefix = Array(#"{"type":""#.utf8)
    for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
      #expect(throws: PasskeyError.malformedClientData(offset: prefix.count, .invalidUTF8)) {
        try ClientData(json: prefix + bad + Array(#""}"#.utf8))
      }
    }
  }

  @Test func nestingUpToTheBoundIsRead() throws {
    let nested = String(repeating: "[", count: 7) + String(repeating: "]", count: 7)
    #expect(try read(#"{"type":"a","challenge":"b","origin":"c","x":\#(nested)}"#).type == "a")
  }
}
