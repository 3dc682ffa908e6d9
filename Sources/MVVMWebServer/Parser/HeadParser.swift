/// Parses a request line and header block from a byte buffer, strictly (RFC 9112): every rule that
/// protects message framing refuses with the precise status instead of guessing.
struct HeadParser {
  static let maxTargetLength = 8 * 1024
  static let maxHeadLength = 32 * 1024

  let maxBodySize: Int

  enum Result {
    case incomplete
    /// The head and the index just past its blank line.
    case complete(RequestHead, end: Int)
    case failed(HTTPError)
  }

  /// How far the search for the end of a head got, kept between reads so a head that arrives a
  /// byte at a time is scanned once, not once per byte. Start a new one for each request.
  struct Scan {
    /// Where the search for the blank line continues.
    fileprivate(set) var position: Int?
    /// Where the request line ends, once seen.
    fileprivate(set) var requestLineEnd: Int?

    init() {}
  }

  /// Parses the head starting at `start` once its blank line has arrived; until then, only the
  /// new bytes are scanned (`scan` remembers where the last call stopped).
  func parse(_ buffer: [UInt8], from start: Int, scan: inout Scan) -> Result {
    // Every request passes through here: over the buffer's storage the loops below index
    // without Array's checks, each index kept within `0..<bytes.count` by the loop's own test.
    buffer.withUnsafeBufferPointer { parse($0, from: start, scan: &scan) }
  }

  private func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, scan: inout Scan
  )
    -> Result
  {
    var index = max(start, 0)
    // RFC 9112 §2.2: ignore empty lines before the request line; they count toward the head's
    // limit, so an endless stream of them is refused rather than buffered.
    while index < bytes.count, bytes[index] == .cr || bytes[index] == .lf { index += 1 }
    if index - start > Self.maxHeadLength {
      return .failed(
        HTTPError(.headerFieldsTooLarge, "The request headers are larger than 32 KiB."))
    }
    var searchFrom = max(scan.position ?? index, index)
    // The next call goes on past these bytes, or from an LF whose blank line may still be arriving.
    scan.position = bytes.count
    var end: Int?
    while let lf = bytes.firstIndex(of: .lf, from: searchFrom, to: bytes.count) {
      if scan.requestLineEnd == nil { scan.requestLineEnd = lf }
      // A blank line ends the head: LF LF, or LF CR LF.
      if lf + 1 < bytes.count && bytes[lf + 1] == .lf {
        end = lf + 2
        break
      }
      if lf + 2 < bytes.count && bytes[lf + 1] == .cr && bytes[lf + 2] == .lf {
        end = lf + 3
        break
      }
      if lf + 2 >= bytes.count {
        scan.position = lf
        break
      }
      searchFrom = lf + 1
    }
    guard let end else {
      if scan.requestLineEnd == nil && bytes.count - index > Self.maxTargetLength + 32 {
        return .failed(HTTPError(.uriTooLong, "The request target is longer than 8 KiB."))
      }
      if bytes.count - index > Self.maxHeadLength {
        return .failed(
          HTTPError(.headerFieldsTooLarge, "The request headers are larger than 32 KiB."))
      }
      return .incomplete
    }
    if end - index > Self.maxHeadLength + 4 {
      return .failed(
        HTTPError(.headerFieldsTooLarge, "The request headers are larger than 32 KiB."))
    }
    // `end` is just past an LF, so every CR before it has a byte after it: a CR that is not
    // followed by LF is bare.
    var from = index
    while let cr = bytes.firstIndex(of: .cr, from: from, to: end - 1) {
      if bytes[cr + 1] != .lf {
        return .failed(HTTPError(.badRequest, "The request holds a bare carriage return."))
      }
      from = cr + 2
    }
    switch head(UnsafeBufferPointer(rebasing: bytes[index..<end])) {
    case .success(let head): return .complete(head, end: end)
    case .failure(let error): return .failed(error)
    }
  }

  /// The request line and fields of a whole head, which ends with its blank line and holds no
  /// bare CR: each line is what lies before its LF, less a CR there.
  private func head(_ bytes: UnsafeBufferPointer<UInt8>) -> Swift.Result<RequestHead, HTTPError> {
    var requestLine: RequestLine?
    var headers = HTTPHeaders()
    headers.reserveCapacity(8)
    var lineStart = 0
    while let lineEnd = bytes.firstIndex(of: .lf, from: lineStart, to: bytes.count) {
      var contentEnd = lineEnd
      if contentEnd > lineStart, bytes[contentEnd - 1] == .cr { contentEnd -= 1 }
      let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd])
      lineStart = lineEnd + 1
      guard !line.isEmpty else { continue }  // The blank line that ends the head.
      if requestLine == nil {
        switch RequestLine.parse(line) {
        case .success(let parsed): requestLine = parsed
        case .failure(let error): return .failure(error)
        }
      } else if let error = Self.addField(line, to: &headers) {
        return .failure(error)
      }
    }
    guard let requestLine else {
      return .failure(HTTPError(.badRequest, "The request line is malformed."))
    }
    return framing(
      method: requestLine.method, target: requestLine.target, minor: requestLine.minor,
      headers: headers)
  }

  /// Adds one `name: value` line, or says why it is refused.
  private static func addField(
    _ field: UnsafeBufferPointer<UInt8>, to headers: inout HTTPHeaders
  )
    -> HTTPError?
  {
    if field[0] == .space || field[0] == .tab {
      return HTTPError(.badRequest, "Folded header lines (obs-fold) are not accepted.")
    }
    guard let colon = field.firstIndex(of: .colon, from: 0, to: field.count), colon > 0 else {
      return HTTPError(.badRequest, "A header line has no name and colon.")
    }
    let name = UnsafeBufferPointer(rebasing: field[..<colon])
    guard name.allSatisfy(\.isTokenByte) else {
      let spaced = name[colon - 1] == .space || name[colon - 1] == .tab
      return HTTPError(
        .badRequest,
        spaced
          ? "A header name is followed by whitespace before its colon."
          : "A header name holds a character it may not.")
    }
    let value = UnsafeBufferPointer(rebasing: field[(colon + 1)...].trimmingSpaces)
    if Self.holdsControlByte(value) {
      return HTTPError(.badRequest, "A header value holds a control character.")
    }
    headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    return nil
  }

  /// Whether a header value holds a control byte other than tab (below 0x20, or DEL). Whole
  /// words of printable ASCII pass at once: a byte below 0x20 sets its high bit in
  /// `word - 0x20…` (the `~word` keeps bytes of 0x80 or more out), and one of 0x7F or more sets
  /// it in `(word + 0x01…) | word`. Browsers send hundreds of bytes of values per request.
  static func holdsControlByte(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(value)
    let start = raw.plainWordsPrefix { word in
      let below20 = (word &- 0x2020_2020_2020_2020) & ~word
      let from7F = (word &+ 0x0101_0101_0101_0101) | word
      return (below20 | from7F) & 0x8080_8080_8080_8080 == 0
    }
    return raw[start...].contains { ($0 < 0x20 && $0 != .tab) || $0 == 0x7f }
  }

  private func framing(
    method: HTTPMethod, target: String, minor: Int, headers: HTTPHeaders
  )
    -> Swift.Result<RequestHead, HTTPError>
  {
    // Counted, not collected: every request has its Host, and an array of it cost two allocations.
    let hostCount = headers.fields.count { HTTPHeaders.same($0.name, "host") }
    if minor >= 1 && hostCount == 0 {
      return .failure(HTTPError(.badRequest, "An HTTP/1.1 request must have a Host header."))
    }
    if hostCount > 1 {
      return .failure(HTTPError(.badRequest, "The request has more than one Host header."))
    }
    let transferEncodings = headers.values(for: "transfer-encoding")
    let codings = transferEncodings.flatMap { $0.split(separator: ",") }
      .map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
    if !transferEncodings.isEmpty && codings.isEmpty {
      return .failure(HTTPError(.badRequest, "The Transfer-Encoding header names no coding."))
    }
    let lengths = headers.values(for: "content-length").flatMap {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    .map { String($0.trimmingSpaces) }
    var framing = RequestHead.Framing.none
    if !codings.isEmpty {
      if !lengths.isEmpty {
        return .failure(
          HTTPError(.badRequest, "The request has both Content-Length and Transfer-Encoding."))
      }
      guard codings == ["chunked"] else {
        return .failure(
          HTTPError(.notImplemented, "Only the chunked transfer coding is supported."))
      }
      framing = .chunked
    } else if let first = lengths.first {
      guard lengths.allSatisfy({ $0 == first }) else {
        return .failure(
          HTTPError(.badRequest, "The request has conflicting Content-Length values."))
      }
      guard !first.isEmpty, first.utf8.allSatisfy(\.isDigit) else {
        return .failure(HTTPError(.badRequest, "The Content-Length is not a number."))
      }
      // Leading zeros are the same number; a value past Int is simply too large.
      guard case .value(let length)? = DecimalNumber(first), length <= maxBodySize else {
        return .failure(tooLarge)
      }
      framing = length > 0 ? .length(length) : .none
    }
    let connectionClose = headers.hasToken("close", in: "connection")
    // RFC 9112 §6.1: Transfer-Encoding in HTTP/1.0 means the framing cannot be trusted, so the
    // connection closes after this request.
    let keepAlive =
      minor >= 1
      ? !connectionClose
      : headers.hasToken("keep-alive", in: "connection") && !connectionClose
        && transferEncodings.isEmpty
    let expectsContinue =
      minor >= 1 && (headers["expect"].map { HTTPHeaders.same($0, "100-continue") } ?? false)
    return .success(
      RequestHead(
        method: method, target: target, minorVersion: minor, headers: headers, framing: framing,
        keepAlive: keepAlive, expectsContinue: expectsContinue))
  }

  var tooLarge: HTTPError {
    HTTPError(.contentTooLarge, "The request body is larger than the \(maxBodySize) bytes allowed.")
  }
}

extension UInt8 {
  static let cr = UInt8(ascii: "\r")
  static let lf = UInt8(ascii: "\n")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let colon = UInt8(ascii: ":")
  static let dot = UInt8(ascii: ".")
  static let semicolon = UInt8(ascii: ";")

  @usableFromInline var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

  /// RFC 9110 `tchar`: a bit per byte of ASCII, bytes 0–63 in one word and 64–127 in the other
  /// (letters, digits and ``!#$%&'*+-.^_`|~``). Every byte of every header name passes here.
  var isTokenByte: Bool {
    let low: UInt64 = 0x03ff_6cfa_0000_0000
    let high: UInt64 = 0x57ff_ffff_c7ff_fffe
    return self < 64 ? low >> self & 1 != 0 : self < 128 && high >> (self - 64) & 1 != 0
  }
}
