import Testing

@testable import MVVMWebServer

/// A request is a value whose fields share one box until a copy is changed: a change to a copy
/// must never show in the request it was copied from, whichever field it is and however it is
/// changed (assigned, or changed in place).
@Suite struct RequestValueTests {
  @Test func aChangedCopyLeavesTheOriginalAsItWas() throws {
    let original = try Request(
      method: .post, target: "/a/b?x=1", headers: ["Host": "example.com"], body: [1, 2])
    var copy = original
    copy.headers.add("X-Added", "yes")
    copy.body.append(3)
    copy.routeParameters["id"] = "7"
    copy.id = "copy"
    copy.basePath = "/league"
    copy.host = nil
    #expect(original.headers.fields.map(\.name) == ["Host"])
    #expect(original.body == [1, 2])
    #expect(original.routeParameters == [:])
    #expect(original.id == "" && original.basePath == "" && original.host == "example.com")
    #expect(copy.headers["x-added"] == "yes" && copy.body == [1, 2, 3])
    #expect(copy.routeParameters == ["id": "7"] && copy.id == "copy" && copy.host == nil)
  }

  @Test func aRequestHeldAloneIsChangedInPlace() throws {
    var request = try Request(method: .get, target: "/", headers: ["Host": "a"])
    request.id = "one"
    request.id += "-two"
    request.pathSegments.append("more")
    #expect(request.id == "one-two" && request.pathSegments == ["more"])
  }

  /// Segments and values without a `%` (or a `+` in a form) are taken as they are, but still
  /// refused when they are not UTF-8; the rest are decoded byte by byte.
  @Test func plainAndEscapedTextDecodeAlikeAndBadUTF8IsRefused() throws {
    let request = try Request(method: .get, target: "/caf%C3%A9/plain/a+b?q=a+b%21&r=x")
    #expect(request.pathSegments == ["café", "plain", "a+b"])
    #expect(request.query["q"] == "a b!" && request.query["r"] == "x")
    #expect(PercentDecoding.decode([0x61, 0xff], plusIsSpace: false) == nil)
    #expect(PercentDecoding.decode([0x61, 0xff], plusIsSpace: true) == nil)
    #expect(PercentDecoding.decode(Array("a%ff".utf8), plusIsSpace: false) == nil)
    #expect(PercentDecoding.decode(Array("a+b".utf8), plusIsSpace: true) == "a b")
    #expect(PercentDecoding.decode([], plusIsSpace: true) == "")
  }

  /// A form's pairs come in order, an empty piece is none, and a name without `=` has an empty
  /// value; its type is read whatever its case and parameters, and only that type is a form.
  @Test func aFormIsReadPieceByPieceAndOnlyAsItsOwnType() throws {
    func form(_ body: String, type: String) throws -> [String] {
      let request = try Request(
        method: .post, target: "/", headers: ["Host": "a", "Content-Type": type],
        body: Array(body.utf8))
      return try request.form().pairs.map { "\($0.name)=\($0.value)" }
    }
    let type = "application/x-www-form-urlencoded"
    #expect(try form("&a=1&&b=x+y&c&=d&", type: type) == ["a=1", "b=x y", "c=", "=d"])
    #expect(try form("", type: type) == [])
    #expect(try form("&&", type: type) == [])
    #expect(
      try form("a=%E2%9C%93", type: " Application/X-WWW-Form-URLEncoded ; charset=UTF-8") == ["a=✓"]
    )
    for other in ["text/plain", "application/x-www-form-urlencodedx", "application/x-www-form", ""]
    {
      #expect(throws: HTTPError.self) { try form("a=1", type: other) }
    }
    #expect(throws: HTTPError.self) { try form("a=1&b=%zz", type: type) }
  }
}
