import Logging
import Testing

@testable import MVVMWebServer

/// Nothing a request carries can break a log line or forge a field.
@Suite struct LineLogHandlerTests {
  func line(
    _ format: LineLogHandler.Format, _ message: Logger.Message, _ metadata: Logger.Metadata
  )
    -> String
  {
    let log = Lines()
    var handler = LineLogHandler(format: format) { log.add($0) }
    handler.logLevel = .info
    Logger(label: "test") { _ in handler }.info(message, metadata: metadata)
    return log.first
  }

  @Test func textEscapesControlsAndQuotesValues() {
    let text = line(.text, "GET /a\nfake 200", ["user-agent": "x\r\ny=z", "client": "1.2.3.4"])
    let afterTime = text.drop { $0 != " " }
    #expect(
      afterTime
        == #" info GET /a\u000afake 200 client=1.2.3.4 user-agent="x\r\ny=z""# + "\n")
  }

  @Test func aLongValueIsCut() {
    let text = line(.text, "m", ["user-agent": "\(String(repeating: "a", count: 30_000))"])
    #expect(text.hasSuffix(" user-agent=" + String(repeating: "a", count: 511) + "…\n"))
  }

  @Test func jsonEscapesAsJSONDoes() {
    let json = line(.json, #"say "hi"\"#, ["k": "\u{1}\t"])
    let afterTime = json.drop { $0 != "," }
    #expect(afterTime == #","level":"info","message":"say \"hi\"\\","k":"\u0001\t"}"# + "\n")
  }
}

private final class Lines: @unchecked Sendable {
  // Written once, synchronously, by the handler within the test.
  private var lines: [String] = []
  func add(_ line: String) { lines.append(line) }
  var first: String { lines.first ?? "" }
}
