/// The three parts of a request line, `GET /matches?page=2 HTTP/1.1`, checked as RFC 9112 §3 asks.
struct RequestLine {
  let method: HTTPMethod
  let target: String
  let minor: Int

  /// Reads a request line (without its line ending), or says why it is refused.
  static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Swift.Result<RequestLine, HTTPError> {
    // Exactly two spaces: one after the method and one before the version.
    guard let first = line.firstIndex(of: .space), let last = line.lastIndex(of: .space),
      first < last, !line[(first + 1)..<last].contains(.space)
    else {
      return .failure(HTTPError(.badRequest, "The request line is malformed."))
    }
    let method = UnsafeBufferPointer(rebasing: line[..<first])
    let target = UnsafeBufferPointer(rebasing: line[(first + 1)..<last])
    let version = UnsafeBufferPointer(rebasing: line[(last + 1)...])
    guard !method.isEmpty, method.allSatisfy(\.isTokenByte), !target.isEmpty,
      let methodName = HTTPMethod(String(decoding: method, as: UTF8.self))
    else {
      return .failure(HTTPError(.badRequest, "The request line is malformed."))
    }
    if target.count > HeadParser.maxTargetLength {
      return .failure(HTTPError(.uriTooLong, "The request target is longer than 8 KiB."))
    }
    guard target.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
      return .failure(HTTPError(.badRequest, "The request target holds a character it may not."))
    }
    guard version.count == 8, version.starts(with: "HTTP/".utf8), version[6] == .dot,
      version[5].isDigit, version[7].isDigit
    else {
      return .failure(HTTPError(.badRequest, "The request line has no valid HTTP version."))
    }
    guard version[5] == UInt8(ascii: "1") else {
      return .failure(
        HTTPError(.versionNotSupported, "Only HTTP/1.0 and HTTP/1.1 are spoken here."))
    }
    return .success(
      RequestLine(
        method: methodName,
        target: String(decoding: target, as: UTF8.self),
        minor: Int(version[7] - UInt8(ascii: "0"))))
  }
}
