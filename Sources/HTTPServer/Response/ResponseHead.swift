/// Writes a status line and header block. Every response gets `Date` and `Server`; responses
/// with a body of known size get `Content-Length`, streams get chunked transfer coding.
enum ResponseHead {
  static func encode(
    _ response: Response, contentLength: Int?, keepAlive: Bool, minorVersion: Int,
    serverName: String, into output: inout [UInt8]
  ) {
    output.append(contentsOf: "HTTP/1.1 \(response.status.code) \(response.status.reason)\r\n".utf8)
    output.append(contentsOf: "Date: ".utf8)
    output.append(contentsOf: HTTPDate.now())
    output.append(contentsOf: "\r\nServer: ".utf8)
    output.append(contentsOf: serverName.utf8)
    output.append(contentsOf: "\r\n".utf8)
    for (name, value) in response.headers {
      output.append(contentsOf: name.utf8)
      output.append(contentsOf: ": ".utf8)
      output.append(contentsOf: value.utf8)
      output.append(contentsOf: "\r\n".utf8)
    }
    if response.status.code == 304 {
      // A 304 stands for the representation it validates and has no length of its own
      // (RFC 9110 §15.4.5): a Content-Length of 0 would describe the wrong body.
    } else if let contentLength {
      output.append(contentsOf: "Content-Length: \(contentLength)\r\n".utf8)
    } else {
      output.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8)
    }
    if !keepAlive {
      output.append(contentsOf: "Connection: close\r\n".utf8)
    } else if minorVersion == 0 {
      output.append(contentsOf: "Connection: keep-alive\r\n".utf8)
    }
    output.append(contentsOf: "\r\n".utf8)
  }
}
