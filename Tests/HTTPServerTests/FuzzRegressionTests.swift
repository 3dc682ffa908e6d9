import Testing

@testable import MVVMWebServer

/// Header values the fuzzers in Fuzz/ (`scripts/fuzz`, target FuzzHeaderValues) found trapping,
/// each replayed with the result the RFC asks for. Every input runs first in a child process (an
/// exit test), so a trap fails that one test instead of killing the whole test run; only then is
/// the exact result checked here.
@Suite struct FuzzRegressionTests {
  /// Accept-Encoding (RFC 9110 §12.5.3): a member with nothing before its `;` names no coding, so
  /// it does not ask for gzip. `Gzip.isAccepted(by:)` took index 0 of its empty split.
  @Test(arguments: [";", ";;", "deflate,;", "aipfa  No lte,;"])
  func acceptEncodingWithoutACodingIsNotGzip(value: String) async {
    let survived = await #expect(processExitsWith: .success) { [value] in
      _ = Gzip.isAccepted(by: ["Accept-Encoding": value])
    }
    guard survived != nil else { return }
    #expect(!Gzip.isAccepted(by: ["Accept-Encoding": value]))
  }

  /// If-Modified-Since (RFC 9110 §13.1.3): a value that is not a valid HTTP-date is ignored, so it
  /// does not parse. IMF-fixdate has a 2-digit day, hour, minute and second and a 4-digit year;
  /// `HTTPDate.parse` converted larger ones to Int32 (and took 1900 from the year) and trapped.
  @Test(arguments: [
    "Sun, 06 Nov 99999999999 08:49:37 GMT",  // year
    "Sun, 06 Nov 2147485548 08:49:37 GMT",  // year - 1900 is Int32.max + 1
    "Sun, 06 Nov -9223372036854775808 08:49:37 GMT",  // year - 1900 overflows Int
    ", 1 Jan 10121436479 9:3:4 GMT",  // year, as FuzzHeaderValues found it (minimized)
    "S 5121474348 Nov 8 0:9:7 GMT",  // day, as FuzzHeaderValues found it (minimized)
    "S 0 Nov 2 9999999998:4:3 GMT",  // hour, as FuzzHeaderValues found it (minimized)
    "Sun, 06 Nov 1994 08:4294967296:37 GMT",  // minute
    "Sun, 06 Nov 1994 08:49:4294967296 GMT",  // second
  ])
  func ifModifiedSinceOutOfRangeIsIgnored(value: String) async {
    let survived = await #expect(processExitsWith: .success) { [value] in
      _ = HTTPDate.parse(value)
    }
    guard survived != nil else { return }
    #expect(HTTPDate.parse(value) == nil)
  }

  /// Range (RFC 9110 §14.1.2): a last-byte-pos at or past the end of the representation means its
  /// last byte, so `bytes=0-9223372036854775807` on a 10-byte file is bytes 0 to 9.
  /// `ByteRange.parse` computed `end + 1` and overflowed.
  @Test(arguments: [
    ("bytes=0-9223372036854775807", 10, ByteRange.satisfiable(0..<10)),
    ("bytes=9-9223372036854775807", 10, .satisfiable(9..<10)),
    ("bytes=0-9223372036854775807", 1 << 40, .satisfiable(0..<(1 << 40))),
    // As FuzzHeaderValues found it (minimized).
    ("bytes=1-9223372036854775807", 1 << 40, .satisfiable(1..<(1 << 40))),
  ])
  func rangeToTheLargestLastBytePosIsClampedToTheEnd(
    value: String, size: Int, expected: ByteRange
  ) async {
    let survived = await #expect(processExitsWith: .success) { [value, size] in
      _ = ByteRange.parse(value, size: size)
    }
    guard survived != nil else { return }
    #expect(ByteRange.parse(value, size: size) == expected)
  }
}
