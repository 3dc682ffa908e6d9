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
    var index = start
    // RFC 9112 §2.2: ignore empty lines before the request line; they count toward the head's
    // limit, so an endless stream of them is refused rather than buffered.
    while index < buffer.count, buffer[index] == .cr || buffer[index] == .lf { index += 1 }
    if index - start > Self.maxHeadLength {
      return .failed(
        HTTPError(.headerFieldsTooLarge, "The request headers are larger than 32 KiB."))
    }
    var position = max(scan.position ?? index, index)
    var end: Int?
    while position < buffer.count {
      if buffer[position] == .lf {
        if scan.requestLineEnd == nil { scan.requestLineEnd = position }
        // A blank line ends the head: LF LF, or LF CR LF.
        if position + 1 < buffer.count && buffer[position + 1] == .lf {
          end = position + 2
          break
        }
        if position + 2 < buffer.count && buffer[position + 1] == .cr
          && buffer[position + 2] == .lf
        {
          end = position + 3
          break
        }
        if position + 2 >= buffer.count { break }  // The blank line may still be arriving.
      }
      position += 1
    }
    scan.position = position
    guard let end else {
      if scan.requestLineEnd == nil && buffer.count - index > Self.maxTargetLength + 32 {
        return .failed(HTTPError(.uriTooLong, "The request target is longer than 8 KiB."))
      }
      if buffer.count - index > Self.maxHeadLength {
        return .failed(
          HTTPError(.headerFieldsTooLarge, "The request headers are larger than 32 KiB."))
      }
      return .incomplete
    }
    if end - index > Self.maxHeadLength + 4 {
      return .failed(
        HTTPError(.headerFieldsTooLarge, "The request headers are larger than 32 KiB."))
    }
    var lines: [Range<Int>] = []
    var lineStart = index
    for lineEnd in index..<end where buffer[lineEnd] == .lf {
      var contentEnd = lineEnd
      if contentEnd > lineStart, buffer[contentEnd - 1] == .cr { contentEnd -= 1 }
      if buffer[lineStart..<contentEnd].contains(.cr) {
        return .failed(HTTPError(.badRequest, "The request holds a bare carriage return."))
      }
      if contentEnd > lineStart { lines.append(lineStart..<contentEnd) }
      lineStart = lineEnd + 1
    }
    switch head(from: lines, in: buffer) {
    case .success(let head): return .complete(head, end: end)
    case .failure(let error): return .failed(error)
    }
  }

  private func head(
    from lines: [Range<Int>], in buffer: [UInt8]
  )
    -> Swift.Result<
      RequestHead, HTTPError
    >
  {
    let requestLine = buffer[lines[0]]
    let parts = requestLine.split(separator: .space, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isTokenByte),
      !parts[1].isEmpty
    else {
      return .failure(HTTPError(.badRequest, "The request line is malformed."))
    }
    if parts[1].count > Self.maxTargetLength {
      return .failure(HTTPError(.uriTooLong, "The request target is longer than 8 KiB."))
    }
    guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
      return .failure(HTTPError(.badRequest, "The request target holds a character it may not."))
    }
    let version = Array(parts[2])
    guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), version[6] == .dot,
      version[5].isDigit, version[7].isDigit
    else {
      return .failure(HTTPError(.badRequest, "The request line has no valid HTTP version."))
    }
    guard version[5] == UInt8(ascii: "1") else {
      return .failure(
        HTTPError(.versionNotSupported, "Only HTTP/1.0 and HTTP/1.1 are spoken here."))
    }
    let minor = Int(version[7] - UInt8(ascii: "0"))

    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
      let field = buffer[line]
      if field.first == .space || field.first == .tab {
        return .failure(HTTPError(.badRequest, "Folded header lines (obs-fold) are not accepted."))
      }
      guard let colon = field.firstIndex(of: .colon), colon > field.startIndex else {
        return .failure(HTTPError(.badRequest, "A header line has no name and colon."))
      }
      let name = field[field.startIndex..<colon]
      guard name.allSatisfy(\.isTokenByte) else {
        let spaced = name.last == .space || name.last == .tab
        return .failure(
          HTTPError(
            .badRequest,
            spaced
              ? "A header name is followed by whitespace before its colon."
              : "A header name holds a character it may not."))
      }
      var value = field[(colon + 1)...]
      while let first = value.first, first == .space || first == .tab { value.removeFirst() }
      while let last = value.last, last == .space || last == .tab { value.removeLast() }
      if value.contains(where: { ($0 < 0x20 && $0 != .tab) || $0 == 0x7f }) {
        return .failure(HTTPError(.badRequest, "A header value holds a control character."))
      }
      headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }
    return framing(
      method: String(decoding: parts[0], as: UTF8.self),
      target: String(decoding: parts[1], as: UTF8.self), minor: minor, headers: headers)
  }

  private func framing(
    method: String, target: String, minor: Int, headers: HTTPHeaders
  )
    -> Swift.Result<RequestHead, HTTPError>
  {
    let hosts = headers.values(for: "host")
    if minor >= 1 && hosts.isEmpty {
      return .failure(HTTPError(.badRequest, "An HTTP/1.1 request must have a Host header."))
    }
    if hosts.count > 1 {
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

  /// RFC 9110 `tchar`.
  var isTokenByte: Bool {
    switch self {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
      UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"),
      UInt8(ascii: "~"):
      true
    default: false
    }
  }
}
