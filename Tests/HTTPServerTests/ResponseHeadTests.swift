import Testing

@testable import MVVMWebServer

@Suite struct ResponseHeadTests {
  @Test(arguments: [0, 7, 10, 99, 100, 204, 1_000_000, 27_301, Int.max])
  func writesNumbersAsTheirDecimalDigits(number: Int) {
    var room = [UInt8](repeating: 0, count: 20)
    let written = room.withUnsafeMutableBufferPointer { room in
      var writer = HeadWriter(room[1...])
      writer.writeDecimal(number)
      return writer.count
    }
    #expect(String(decoding: room[1..<1 + written], as: UTF8.self) == String(number))
  }

  /// What does not fit is not written, and says so; what fits goes after what came before.
  @Test func writesNothingPastItsRoom() {
    var room = [UInt8](repeating: 0, count: 6)
    let (count, fitted) = room.withUnsafeMutableBufferPointer { room in
      var writer = HeadWriter(room[1..<5])
      writer.write("ab")
      writer.writeDecimal(123)
      writer.write("c")
      let fittedThen = writer.fitted
      writer.writeDecimal(-5)
      return (writer.count, (fittedThen, writer.fitted))
    }
    #expect(room == [0, 97, 98, 99, 48, 0])
    #expect(count == 4)
    #expect(fitted.0 == false && fitted.1 == false)
  }

  /// A 204 has no content and a 304 stands for another's: neither says a length (RFC 9110 §8.6,
  /// §15.4.5), nor a transfer coding.
  @Test(arguments: [HTTPStatus.noContent, .notModified])
  func aBodilessStatusSaysNoLength(status: HTTPStatus) {
    var output: [UInt8] = []
    ResponseHead.encode(
      Response(status: status), contentLength: 0, keepAlive: true, minorVersion: 1,
      serverName: "MVVMWeb", requestID: nil, into: &output)
    let head = String(decoding: output, as: UTF8.self).lowercased()
    #expect(head.hasPrefix("http/1.1 \(status.code) "))
    #expect(!head.contains("content-length") && !head.contains("transfer-encoding"))
  }

  /// The answer headers go on every answer but a 304, whose stored copy has them.
  @Test func theAnswerHeadersAreWrittenOnEveryAnswerButA304() {
    let lines = Array("X-Content-Type-Options: nosniff\r\n".utf8)
    for (status, written) in [(HTTPStatus.ok, true), (.notFound, true), (.notModified, false)] {
      var output: [UInt8] = []
      ResponseHead.encode(
        Response(status: status), contentLength: 0, keepAlive: true, minorVersion: 1,
        serverName: "MVVMWeb", requestID: "id", answerHeaders: lines, into: &output,
        fixedRoom: 8)  // Too little room at first: the head is written again, whole.
      let head = String(decoding: output, as: UTF8.self)
      #expect(
        head.contains("\r\nX-Request-Id: id\r\nX-Content-Type-Options: nosniff\r\n") == written)
      #expect(head.hasSuffix("\r\n\r\n"))
    }
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

  /// A head that does not fit the room first made for it is written again with more, whole.
  @Test func writesAHeadLargerThanItsFirstRoomWhole() {
    let response = Response(
      status: .ok,
      headers: ["Content-Type": "text/plain", "X-Long": String(repeating: "v", count: 300)])
    var roomy: [UInt8] = [1, 2]
    var tight: [UInt8] = [1, 2]
    ResponseHead.encode(
      response, contentLength: 12_345, keepAlive: true, minorVersion: 0, serverName: "MVVMWeb",
      requestID: "ab-1", into: &roomy)
    ResponseHead.encode(
      response, contentLength: 12_345, keepAlive: true, minorVersion: 0, serverName: "MVVMWeb",
      requestID: "ab-1", into: &tight, fixedRoom: 0)
    #expect(Array(tight.prefix(2)) == [1, 2])
    #expect(
      lines(Array(tight.dropFirst(2))) == [
        "HTTP/1.1 200 OK", "Date: …", "Server: MVVMWeb", "X-Request-Id: ab-1",
        "Content-Type: text/plain", "X-Long: " + String(repeating: "v", count: 300),
        "Content-Length: 12345", "Connection: keep-alive", "", "",
      ])
    #expect(tight.count == roomy.count)
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

/// Ids the server makes: the process's 12 hex digits, a dash, and the counter in hex, greater
/// than the last (other tests running beside this one take ids too).
@Suite struct RequestIDTests {
  @Test func idsArePrefixDashCounterInHex() throws {
    let first = RequestID.next()
    let second = RequestID.next()
    let pattern = /([0-9a-f]{12})-([0-9a-f]{1,16})/
    let a = try #require(first.wholeMatch(of: pattern))
    let b = try #require(second.wholeMatch(of: pattern))
    #expect(a.1 == b.1)
    let counter = try #require(UInt64(a.2, radix: 16))
    #expect(try #require(UInt64(b.2, radix: 16)) > counter)
    #expect(String(counter, radix: 16) == String(a.2))
    #expect(RequestID.isAcceptable(Substring(first)))
  }
}
