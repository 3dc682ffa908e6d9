/// Writes a status line and header block. Every response gets `Date` and `Server`, and the answer
/// to a request with an id (`RequestIDMiddleware`) its `X-Request-Id`; responses with a body of
/// known size get `Content-Length`, streams get chunked transfer coding (an HTTP/1.0 stream gets
/// neither and ends when the connection closes).
///
/// This runs for every response, so the head is written straight into room made once at the end
/// of the connection's buffer (`HeadWriter`), numbers included, with no string built on the way:
/// appending each of its forty-odd pieces to the array checked and grew the array forty times.
enum ResponseHead {
  static func encode(
    _ response: Response, contentLength: Int?, chunked: Bool = true, keepAlive: Bool,
    minorVersion: Int, serverName: String, requestID: String?, answerHeaders: [UInt8] = [],
    into output: inout [UInt8], fixedRoom: Int = 256
  ) {
    let id = requestID ?? ""
    // Room for the strings, and `fixedRoom` for the fixed text and the numbers (under 200
    // bytes): enough, and a head that did not fit is written again with twice the room.
    var room =
      fixedRoom + response.status.reason.utf8.count + serverName.utf8.count + id.utf8.count
      + answerHeaders.count
    response.headers.fields.withUnsafeBufferPointer { fields in
      for index in fields.indices {
        room += fields[index].name.utf8.count + fields[index].value.utf8.count + 4
      }
    }
    let start = output.count
    while true {
      output.append(contentsOf: repeatElement(0, count: room))
      let written = output.withUnsafeMutableBufferPointer { buffer in
        var head = HeadWriter(buffer[start...])
        write(
          response, contentLength: contentLength, chunked: chunked, keepAlive: keepAlive,
          minorVersion: minorVersion, serverName: serverName, requestID: id,
          answerHeaders: answerHeaders, to: &head)
        return head.fitted ? head.count : nil
      }
      output.removeLast(room - (written ?? 0))
      if written != nil { return }
      room = room * 2 + 1
    }
  }

  private static func write(
    _ response: Response, contentLength: Int?, chunked: Bool, keepAlive: Bool,
    minorVersion: Int, serverName: String, requestID: String, answerHeaders: [UInt8],
    to head: inout HeadWriter
  ) {
    head.write("HTTP/1.1 ")
    head.writeDecimal(response.status.code)
    head.write(" ")
    head.write(response.status.reason)
    head.write("\r\nDate: ")
    HTTPDate.withNow { head.write($0) }
    head.write("\r\nServer: ")
    head.write(serverName)
    head.write("\r\n")
    if !requestID.isEmpty {
      // Written here rather than added to the response's fields: those may be shared with a
      // copy kept ready (a 304), which one more field would copy whole.
      head.write("X-Request-Id: ")
      head.write(requestID)
      head.write("\r\n")
    }
    // Lines written once for every answer (the site's security headers); a 304's copy has them.
    if response.status.code != 304 { answerHeaders.withUnsafeBufferPointer { head.write($0) } }
    response.headers.fields.withUnsafeBufferPointer { fields in
      // By index over the storage: iterating copied each field out, a retain and a release of
      // both its strings.
      for index in fields.indices {
        head.write(fields[index].name)
        head.write(": ")
        head.write(fields[index].value)
        head.write("\r\n")
      }
    }
    if response.status.code == 304 || response.status.code == 204 {
      // A 304 stands for the representation it validates and has no length of its own
      // (RFC 9110 §15.4.5): a Content-Length of 0 would describe the wrong body. A 204 has no
      // content, and RFC 9110 §8.6 forbids it a Content-Length.
    } else if let contentLength {
      head.write("Content-Length: ")
      head.writeDecimal(contentLength)
      head.write("\r\n")
    } else if chunked {
      head.write("Transfer-Encoding: chunked\r\n")
    }
    if !keepAlive {
      head.write("Connection: close\r\n")
    } else if minorVersion == 0 {
      head.write("Connection: keep-alive\r\n")
    }
    head.write("\r\n")
  }
}

extension [UInt8] {
  /// Appends fixed text from where the binary holds it, in one copy: a string's UTF-8 view goes
  /// through the generic sequence path, byte by byte.
  mutating func appendText(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }
}
