/// Decodes a chunked request body (RFC 9112 §7.1) incrementally from a buffer; chunk extensions
/// and trailer fields are read and dropped.
struct ChunkedDecoder {
  private enum State {
    case size
    case data(remaining: Int)
    case dataEnd
    case trailers
  }

  enum Result {
    case needMore
    case done
    case failed(HTTPError)
  }

  private var state = State.size
  private var trailerBytes = 0
  let maxBodySize: Int

  init(maxBodySize: Int) {
    self.maxBodySize = maxBodySize
  }

  /// Consumes what it can from `buffer` at `index`, appending decoded bytes to `body`.
  mutating func decode(_ buffer: [UInt8], index: inout Int, into body: inout [UInt8]) -> Result {
    while true {
      switch state {
      case .size:
        guard let end = buffer[index...].firstIndex(of: .lf) else {
          return buffer.count - index > 1024 ? .failed(invalid) : .needMore
        }
        var line = buffer[index..<end]
        if line.last == .cr { line.removeLast() }
        if let semicolon = line.firstIndex(of: .semicolon) { line = line[..<semicolon] }
        while let last = line.last, last == .space || last == .tab { line.removeLast() }
        guard !line.isEmpty, line.count <= 15,
          line.allSatisfy({ PercentDecoding.hexValue($0) != nil })
        else { return .failed(invalid) }
        let size = line.reduce(0) { $0 << 4 | Int(PercentDecoding.hexValue($1)!) }
        index = end + 1
        if size == 0 {
          state = .trailers
        } else {
          guard body.count + size <= maxBodySize else {
            return .failed(
              HTTPError(
                .contentTooLarge,
                "The request body is larger than the \(maxBodySize) bytes allowed."))
          }
          state = .data(remaining: size)
        }
      case .data(let remaining):
        let available = min(remaining, buffer.count - index)
        if available == 0 { return .needMore }
        body.append(contentsOf: buffer[index..<(index + available)])
        index += available
        state = remaining == available ? .dataEnd : .data(remaining: remaining - available)
      case .dataEnd:
        guard index < buffer.count else { return .needMore }
        if buffer[index] == .cr {
          guard index + 1 < buffer.count else { return .needMore }
          guard buffer[index + 1] == .lf else { return .failed(invalid) }
          index += 2
        } else if buffer[index] == .lf {
          index += 1
        } else {
          return .failed(invalid)
        }
        state = .size
      case .trailers:
        guard let end = buffer[index...].firstIndex(of: .lf) else {
          return buffer.count - index > HeadParser.maxHeadLength ? .failed(invalid) : .needMore
        }
        let isBlank = end == index || (end == index + 1 && buffer[index] == .cr)
        trailerBytes += end + 1 - index
        index = end + 1
        if isBlank { return .done }
        if trailerBytes > HeadParser.maxHeadLength { return .failed(invalid) }
      }
    }
  }

  private var invalid: HTTPError {
    HTTPError(
      .badRequest, "The chunked request body is malformed (an invalid chunk size or framing).")
  }
}
