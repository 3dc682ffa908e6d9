import Testing

@testable import MVVMWebServer

@Suite struct ResponseHeadTests {
  @Test(arguments: [0, 7, 10, 99, 100, 204, 1_000_000, 27_301, Int.max])
  func writesNumbersAsTheirDecimalDigits(number: Int) {
    var output: [UInt8] = []
    ResponseHead.appendDecimal(number, to: &output)
    #expect(String(decoding: output, as: UTF8.self) == String(number))
  }

  @Test func writesTheStatusLineAndLengthByteForByte() {
    var output: [UInt8] = []
    var response = Response.text("hi", status: .notFound)
    response.headers = ["Content-Type": "text/plain"]
    ResponseHead.encode(
      response, contentLength: 2, keepAlive: false, minorVersion: 1, serverName: "MVVMWeb",
      requestID: nil, into: &output)
    #expect(
      lines(output) == [
        "HTTP/1.1 404 Not Found", "Date: …", "Server: MVVMWeb", "Content-Type: text/plain",
        "Content-Length: 2", "Connection: close", "", "",
      ])
  }

  /// The answer to a request names it, after the server's own fields and before the handler's.
  @Test func writesTheRequestIdAfterTheServersFields() {
    var output: [UInt8] = []
    let response = Response(status: .notModified, headers: ["ETag": #""a""#])
    ResponseHead.encode(
      response, contentLength: 0, keepAlive: true, minorVersion: 1, serverName: "MVVMWeb",
      requestID: "0123456789ab-1", into: &output)
    #expect(
      lines(output) == [
        "HTTP/1.1 304 Not Modified", "Date: …", "Server: MVVMWeb", "X-Request-Id: 0123456789ab-1",
        #"ETag: "a""#, "", "",
      ])
  }

  /// The head's lines, the date (the clock's; its form is HTTPDate's to test) as "Date: …".
  func lines(_ output: [UInt8]) -> [String] {
    var lines = String(decoding: output, as: UTF8.self).components(separatedBy: "\r\n")
    if lines.count > 1, lines[1].hasPrefix("Date: "), lines[1].hasSuffix(" GMT") {
      lines[1] = "Date: …"
    }
    return lines
  }
}

/// The header-safety scan reads eight bytes at a time: CR, LF or NUL is found in any position
/// of a word and of the tail, after a tab (a small byte that is allowed), and never in bytes
/// that are only close to them.
@Suite struct LineBreakScanTests {
  func holds(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { HTTPHeaders.holdsLineBreakOrNUL($0) }
  }

  @Test func findsEachForbiddenByteAnywhere() {
    let clean = Array("default-src 'self'; img-src 'self' https: \t http:\u{7f}\u{e9}".utf8)
    #expect(!holds(clean) && !holds([]) && !holds([0x0b, 0x0c, 0x0e, 0x80, 0x8a, 0x8d, 0xff]))
    for forbidden: UInt8 in [0x0d, 0x0a, 0x00] {
      for position in 0...clean.count {
        var bytes = clean
        bytes.insert(forbidden, at: position)
        #expect(holds(bytes), "byte \(forbidden) at \(position)")
      }
    }
  }
}
