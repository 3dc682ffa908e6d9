/// Decodes a chunked request body (RFC 9112 §7.1) incrementally from a buffer; chunk extensions
/// and trailer fields are read and dropped, and a trailer line that is no field is refused.
///
/// A chunk line is bounded, and its extension more tightly: a body of one-byte chunks each
/// carrying a long extension costs hundreds of raw bytes per byte it delivers, and what the
/// decoder has consumed is let go by the connection as it goes (`ConnectionState.readBody`), so
/// no more than one line of overhead is ever held.
struct ChunkedDecoder {
  /// The most bytes a chunk line (its size and extensions, without the line break) may have.
  static let maxLineLength = 1024
  /// The most bytes a chunk line's extensions (from the first `;`) may have. Nothing we serve
  /// reads them; they are only overhead a client could make us hold and scan.
  static let maxExtensionLength = 256

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
          return buffer.count - index > Self.maxLineLength + 1 ? .failed(invalid) : .needMore
        }
        var line = buffer[index..<end]
        if line.last == .cr { line.removeLast() }
        guard line.count <= Self.maxLineLength else { return .failed(invalid) }
        // A CR or another control byte inside the line (in an extension, say) is not framing.
        guard !line.contains(where: { $0 < 0x20 && $0 != .tab || $0 == 0x7f }) else {
          return .failed(invalid)
        }
        if let semicolon = line.firstIndex(of: .semicolon) {
          guard line.endIndex - semicolon <= Self.maxExtensionLength else {
            return .failed(extensionTooLong)
          }
          line = line[..<semicolon]
        }
        while let last = line.last, last == .space || last == .tab { line.removeLast() }
        guard let parsed = Self.hexSize(line) else { return .failed(invalid) }
        index = end + 1
        // Leading zeros are the same size; a size past Int is over any body limit.
        guard case .value(let size) = parsed else { return .failed(tooLarge) }
        if size == 0 {
          state = .trailers
        } else {
          guard size <= maxBodySize - body.count else { return .failed(tooLarge) }
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
        var line = buffer[index..<end]
        if line.last == .cr { line.removeLast() }
        trailerBytes += end + 1 - index
        index = end + 1
        if line.isEmpty { return .done }
        if trailerBytes > HeadParser.maxHeadLength { return .failed(invalid) }
        // A trailer is field lines only (RFC 9112 §7.1.2): anything else, a request pipelined
        // behind a last chunk missing its blank line, say, would be swallowed unanswered here
        // while a proxy in front took it for the next request.
        guard Self.isFieldLine(line) else { return .failed(invalid) }
      }
    }
  }

  /// Whether `line` is a field line: a token, a colon, and a value without control bytes.
  static func isFieldLine(_ line: ArraySlice<UInt8>) -> Bool {
    guard let colon = line.firstIndex(of: .colon), colon > line.startIndex else { return false }
    return line[..<colon].allSatisfy(\.isTokenByte)
      && !line[colon...].contains { $0 < 0x20 && $0 != .tab || $0 == 0x7f }
  }

  /// A chunk size: hex digits, parsed total. nil when it is not hex.
  static func hexSize(_ digits: ArraySlice<UInt8>) -> DecimalNumber? {
    guard !digits.isEmpty else { return nil }
    var size = 0
    for digit in digits {
      guard let value = PercentDecoding.hexValue(digit) else { return nil }
      let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
      if overflow {
        return digits.allSatisfy { PercentDecoding.hexValue($0) != nil } ? .tooLarge : nil
      }
      size = shifted | Int(value)
    }
    return .value(size)
  }

  private var tooLarge: HTTPError {
    HTTPError(.contentTooLarge, "The request body is larger than the \(maxBodySize) bytes allowed.")
  }

  private var extensionTooLong: HTTPError {
    HTTPError(
      .badRequest,
      "A chunk extension of the request body is longer than the \(Self.maxExtensionLength) bytes allowed."
    )
  }

  private var invalid: HTTPError {
    HTTPError(
      .badRequest, "The chunked request body is malformed (an invalid chunk size or framing).")
  }
}
