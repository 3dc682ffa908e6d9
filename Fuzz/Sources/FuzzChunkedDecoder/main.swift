// The chunked body decoder, fed the input at once and then as it would arrive from a socket in
// pieces (the piece sizes come from the input's first byte): both must agree.
import FuzzSupport

@testable import MVVMWebServer

let maxBodySize = 2048

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = bytes(data, size)
  let step = input.isEmpty ? 1 : Int(input.removeFirst() % 7) + 1

  var whole = ChunkedDecoder(maxBodySize: maxBodySize)
  var wholeIndex = 0
  var wholeBody: [UInt8] = []
  let wholeResult = whole.decode(input, index: &wholeIndex, into: &wholeBody)
  check(wholeIndex <= input.count, "the index ran past the buffer")
  check(wholeBody.count <= maxBodySize, "the body grew past the limit")

  var pieces = ChunkedDecoder(maxBodySize: maxBodySize)
  var buffer: [UInt8] = []
  var index = 0
  var body: [UInt8] = []
  var result = ChunkedDecoder.Result.needMore
  var offset = 0
  while offset < input.count {
    buffer += input[offset..<min(offset + step, input.count)]
    offset += step
    result = pieces.decode(buffer, index: &index, into: &body)
    check(index <= buffer.count, "the index ran past the buffer")
    if case .needMore = result { continue }
    break
  }
  switch (wholeResult, result) {
  case (.done, .done):
    check(body == wholeBody && index == wholeIndex, "pieces decoded differently")
  case (.failed(let a), .failed(let b)):
    check(a.status == b.status, "pieces failed differently: \(a) vs \(b)")
  case (.needMore, .needMore):
    check(body == wholeBody, "pieces decoded differently")
  default:
    fail("at once: \(wholeResult), in pieces of \(step): \(result)")
  }
  return 0
}

runFuzzer(fuzz)
