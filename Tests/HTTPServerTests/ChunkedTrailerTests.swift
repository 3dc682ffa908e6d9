import Testing

@testable import MVVMWebServer

/// A chunked body's trailer is field lines only: a line that is none (a request pipelined behind
/// a last chunk missing its blank line) is refused, not swallowed unanswered.
@Suite struct ChunkedTrailerTests {
  func decoded(_ text: String) -> String {
    var decoder = ChunkedDecoder(maxBodySize: 1 << 20)
    var index = 0
    var body: [UInt8] = []
    switch decoder.decode(Array(text.utf8), index: &index, into: &body) {
    case .done: return "done: " + String(decoding: body, as: UTF8.self)
    case .needMore: return "need more"
    case .failed(let error): return "\(error.status.code)"
    }
  }

  @Test func fieldLinesInTheTrailerAreReadAndDropped() {
    #expect(decoded("5\r\nhello\r\n0\r\nX-Sum: 1\r\nEmpty:\r\n\r\n") == "done: hello")
    #expect(decoded("5\r\nhello\r\n0\r\n\r\n") == "done: hello")
    #expect(decoded("5\r\nhello\r\n0\r\nX-Sum: 1\r\n") == "need more")
  }

  @Test(arguments: [
    "5\r\nhello\r\n0\r\nGET /next HTTP/1.1\r\n", "5\r\nhello\r\n0\r\nnot a field\r\n\r\n",
    "5\r\nhello\r\n0\r\n: no name\r\n\r\n", "5\r\nhello\r\n0\r\nX-Sum: a\u{1}b\r\n\r\n",
    "5\r\nhello\r\n0\r\n folded: 1\r\n\r\n",
  ])
  func aTrailerLineThatIsNoFieldIsRefused(text: String) {
    #expect(decoded(text) == "400")
  }
}
