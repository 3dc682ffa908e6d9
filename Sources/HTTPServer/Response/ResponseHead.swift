/// Writes a status line and header block. Every response gets `Date` and `Server`; responses
/// with a body of known size get `Content-Length`, streams get chunked transfer coding (an
/// HTTP/1.0 stream gets neither and ends when the connection closes).
///
/// Written byte by byte into the connection's buffer, numbers included, with no string built on
/// the way: this runs for every response.
enum ResponseHead {
  static func encode(
    _ response: Response, contentLength: Int?, chunked: Bool = true, keepAlive: Bool,
    minorVersion: Int, serverName: String, into output: inout [UInt8]
  ) {
    output.append(contentsOf: "HTTP/1.1 ".utf8)
    appendDecimal(response.status.code, to: &output)
    output.append(UInt8(ascii: " "))
    response.status.reason.withHeaderBytes { output.append(contentsOf: $0) }
    output.append(contentsOf: "\r\n".utf8)
    output.append(contentsOf: "Date: ".utf8)
    output.append(contentsOf: HTTPDate.now())
    output.append(contentsOf: "\r\nServer: ".utf8)
    serverName.withHeaderBytes { output.append(contentsOf: $0) }
    output.append(contentsOf: "\r\n".utf8)
    for (name, value) in response.headers {
      // Copied from each string's storage in one go, not byte by byte through its view.
      name.withHeaderBytes { output.append(contentsOf: $0) }
      output.append(contentsOf: ": ".utf8)
      value.withHeaderBytes { output.append(contentsOf: $0) }
      output.append(contentsOf: "\r\n".utf8)
    }
    if response.status.code == 304 {
      // A 304 stands for the representation it validates and has no length of its own
      // (RFC 9110 §15.4.5): a Content-Length of 0 would describe the wrong body.
    } else if let contentLength {
      output.append(contentsOf: "Content-Length: ".utf8)
      appendDecimal(contentLength, to: &output)
      output.append(contentsOf: "\r\n".utf8)
    } else if chunked {
      output.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8)
    }
    if !keepAlive {
      output.append(contentsOf: "Connection: close\r\n".utf8)
    } else if minorVersion == 0 {
      output.append(contentsOf: "Connection: keep-alive\r\n".utf8)
    }
    output.append(contentsOf: "\r\n".utf8)
  }

  /// A non-negative number's decimal digits (a negative one is written as 0: none can occur).
  static func appendDecimal(_ number: Int, to output: inout [UInt8]) {
    let value = max(number, 0)
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }  // Never past `value`, so it cannot overflow.
    repeat {
      output.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    } while divisor > 0
  }
}
