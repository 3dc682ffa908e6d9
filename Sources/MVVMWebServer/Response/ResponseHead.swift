/// Writes a status line and header block. Every response gets `Date` and `Server`, and the answer
/// to a request with an id (`RequestIDMiddleware`) its `X-Request-Id`; responses with a body of
/// known size get `Content-Length`, streams get chunked transfer coding (an HTTP/1.0 stream gets
/// neither and ends when the connection closes).
///
/// Written byte by byte into the connection's buffer, numbers included, with no string built on
/// the way: this runs for every response.
enum ResponseHead {
  static func encode(
    _ response: Response, contentLength: Int?, chunked: Bool = true, keepAlive: Bool,
    minorVersion: Int, serverName: String, requestID: String?, into output: inout [UInt8]
  ) {
    output.appendText("HTTP/1.1 ")
    appendDecimal(response.status.code, to: &output)
    output.append(UInt8(ascii: " "))
    response.status.reason.withHeaderBytes { output.append(contentsOf: $0) }
    output.appendText("\r\n")
    output.appendText("Date: ")
    output.append(contentsOf: HTTPDate.now())
    output.appendText("\r\nServer: ")
    serverName.withHeaderBytes { output.append(contentsOf: $0) }
    output.appendText("\r\n")
    if let requestID, !requestID.isEmpty {
      // Written here rather than added to the response's fields: those may be shared with a
      // copy kept ready (a 304), which one more field would copy whole.
      output.appendText("X-Request-Id: ")
      requestID.withHeaderBytes { output.append(contentsOf: $0) }
      output.appendText("\r\n")
    }
    for (name, value) in response.headers {
      // Copied from each string's storage in one go, not byte by byte through its view.
      name.withHeaderBytes { output.append(contentsOf: $0) }
      output.appendText(": ")
      value.withHeaderBytes { output.append(contentsOf: $0) }
      output.appendText("\r\n")
    }
    if response.status.code == 304 {
      // A 304 stands for the representation it validates and has no length of its own
      // (RFC 9110 §15.4.5): a Content-Length of 0 would describe the wrong body.
    } else if let contentLength {
      output.appendText("Content-Length: ")
      appendDecimal(contentLength, to: &output)
      output.appendText("\r\n")
    } else if chunked {
      output.appendText("Transfer-Encoding: chunked\r\n")
    }
    if !keepAlive {
      output.appendText("Connection: close\r\n")
    } else if minorVersion == 0 {
      output.appendText("Connection: keep-alive\r\n")
    }
    output.appendText("\r\n")
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

extension [UInt8] {
  /// Appends fixed text from where the binary holds it, in one copy: a string's UTF-8 view goes
  /// through the generic sequence path, byte by byte, and a response head has a dozen of them.
  mutating func appendText(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }
}
