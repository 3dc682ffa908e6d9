// Header values the server interprets: Range (ByteRange.parse), If-Modified-Since (HTTPDate.parse)
// and Accept-Encoding (Gzip.isAccepted), plus the token and media-type checks beside them. The
// input is one header value, as HeadParser hands it over: surrounding spaces and tabs trimmed,
// and never a control character (HeadParser refuses those with a 400 before anything else runs).
// FUZZ_SKIP=range,date,gzip leaves parsers out (see FuzzSupport.skipped).
import FuzzSupport

@testable import MVVMWebServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = bytes(data, size)
  guard !input.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7f }) else { return 0 }
  let value = String(decoding: input, as: UTF8.self).trimmingSpaces
  let text = String(value)

  for fileSize in [0, 1, 10, 1 << 40] where !skipped.contains("range") {
    if case .satisfiable(let range) = ByteRange.parse(text, size: fileSize) {
      check(
        !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= fileSize,
        "\(text) on \(fileSize) bytes gave \(range)")
    }
  }

  if !skipped.contains("date"), let seconds = HTTPDate.parse(text),
    (0...253_402_300_799).contains(seconds)
  {
    // A date that parses formats back to text that parses to the same second.
    let formatted = HTTPDate.format(Double(seconds))
    check(HTTPDate.parse(formatted) == seconds, "\(text) -> \(seconds) -> \(formatted)")
  }

  let headers: HTTPHeaders = [
    "Accept-Encoding": text, "Connection": text, "Content-Type": text, "Expect": text,
  ]
  if !skipped.contains("gzip") { _ = Gzip.isAccepted(by: headers) }
  _ = Gzip.isCompressible(contentType: text)
  _ = headers.hasToken("close", in: "connection")
  return 0
}

runFuzzer(fuzz)
