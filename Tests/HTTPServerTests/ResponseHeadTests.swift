import Testing

@testable import HTTPServer

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
      into: &output)
    var lines = String(decoding: output, as: UTF8.self).components(separatedBy: "\r\n")
    // The date is the clock's; its form is HTTPDate's to test.
    #expect(lines.count > 1 && lines[1].hasPrefix("Date: ") && lines[1].hasSuffix(" GMT"))
    if lines.count > 1 { lines[1] = "Date: …" }
    #expect(
      lines == [
        "HTTP/1.1 404 Not Found", "Date: …", "Server: MVVMWeb", "Content-Type: text/plain",
        "Content-Length: 2", "Connection: close", "", "",
      ])
  }
}
