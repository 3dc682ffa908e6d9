// The request head parser, driven the way Connection drives it: heads one after another in one
// buffer (pipelining), each turned into a Request, its body skipped by Content-Length or decoded
// as chunks, then the next head parsed from where the body ended.
import FuzzSupport

@testable import MVVMWebServer

let maxBodySize = 4096

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = bytes(data, size)
  let parser = HeadParser(maxBodySize: maxBodySize)
  var index = 0
  for _ in 0..<16 where index < input.count {
    var scan = HeadParser.Scan()
    guard case .complete(let head, let end) = parser.parse(input, from: index, scan: &scan) else {
      break
    }
    // Fed a byte at a time, resuming its scan, the parser must end the head at the same place.
    var pieces = Array(input[..<index])
    var resumed = HeadParser.Scan()
    for byte in input[index..<end] {
      pieces.append(byte)
      if case .complete(_, let pieceEnd) = parser.parse(pieces, from: index, scan: &resumed) {
        check(pieceEnd == end, "the resumed scan ended the head at \(pieceEnd), not \(end)")
      }
    }
    check(end > index && end <= input.count, "the head ends outside the buffer")
    // A head must not complete on a prefix of itself: bytes still to come could change it.
    for cut in [end - 1, index + (end - index) / 2] where cut > index {
      var fresh = HeadParser.Scan()
      if case .complete = parser.parse(Array(input[..<cut]), from: index, scan: &fresh) {
        fail("a head completed on the first \(cut) of its \(end) bytes")
      }
    }
    // Nor may where it sits in the buffer change what it is.
    var again = HeadParser.Scan()
    if case .complete(let moved, let againEnd) = parser.parse(
      Array(input[index...]), from: 0, scan: &again)
    {
      check(againEnd == end - index && moved.target == head.target, "the head moved")
    } else {
      fail("the same head did not parse at index 0")
    }
    index = end
    // HTTP/1.2 and later minors are served as 1.1 (RFC 9110 §2.5); the digit is all there is.
    check((0...9).contains(head.minorVersion), "a minor version that is not one digit")
    guard
      let request = try? Request(
        method: head.method, target: head.target, headers: head.headers,
        minorVersion: head.minorVersion)
    else { break }
    check(request.minorVersion == head.minorVersion, "the request lost its version")
    switch head.framing {
    case .none:
      break
    case .length(let length):
      check(length > 0 && length <= maxBodySize, "a Content-Length past the limit was accepted")
      guard input.count - index >= length else { return 0 }
      index += length
    case .chunked:
      var decoder = ChunkedDecoder(maxBodySize: maxBodySize)
      var body: [UInt8] = []
      guard case .done = decoder.decode(input, index: &index, into: &body) else { return 0 }
      check(index <= input.count && body.count <= maxBodySize, "the chunked body overran")
    }
  }
  return 0
}

runFuzzer(fuzz)
