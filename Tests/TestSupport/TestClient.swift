import Foundation
import Glibc
import MVVMWebServer

/// A raw-socket HTTP client for tests: it sends exactly the bytes a test gives it, so tests can
/// send malformed, pipelined or byte-at-a-time requests, and it parses responses strictly.
public final class TestClient {
  public let fd: Int32
  private var buffer: [UInt8] = []

  /// Connects to 127.0.0.1:`port`; reads time out after `timeout` seconds so a test fails
  /// instead of hanging.
  public init(port: Int, timeout: Int = 5) throws {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    fd = try Self.connected(family: AF_INET, to: &address, timeout: timeout)
  }

  /// Connects to a unix domain socket.
  public init(unixPath: String, timeout: Int = 5) throws {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in unixPath.utf8.enumerated() { raw[index] = byte }
    }
    fd = try Self.connected(family: AF_UNIX, to: &address, timeout: timeout)
  }

  /// A blocking socket connected to `address`, whose reads give up after `timeout` seconds.
  private static func connected<Address>(
    family: Int32, to address: inout Address, timeout: Int
  ) throws -> Int32 {
    let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<Address>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      Glibc.close(fd)
      throw TestClientError.cannotConnect(code)
    }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    return fd
  }

  deinit {
    Glibc.close(fd)
  }

  public func send(_ text: String) {
    send(Array(text.utf8))
  }

  public func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent <= 0 { return }
      offset += sent
    }
  }

  /// Sends a request with `Host` and, for a body, `Content-Length` filled in.
  public func request(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: String? = nil
  ) throws -> TestResponse {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
    text += "\r\n" + (body ?? "")
    send(text)
    return try readResponse(forHead: method == "HEAD")
  }

  /// Reads one response; `forHead` says it has no body whatever its headers say.
  public func readResponse(forHead: Bool = false) throws -> TestResponse {
    var response = try readHead()
    let status = response.status
    if forHead || status == 304 || status == 204 || status < 200 { return response }
    if response.header("transfer-encoding")?.lowercased() == "chunked" {
      while let chunk = try readChunk() { response.body += chunk }
    } else if let length = response.header("content-length").flatMap({ Int($0) }) {
      try fill(length)
      response.body = Array(buffer[..<length])
      buffer.removeFirst(length)
    } else {
      while try receive() > 0 {}
      response.body = buffer
      buffer = []
    }
    return response
  }

  /// Reads the next chunk of a chunked body as it arrives (a stream); nil for the last one.
  public func readChunk() throws -> [UInt8]? {
    let lineEnd = try readUntil(Array("\r\n".utf8))
    let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self), radix: 16) ?? 0
    buffer.removeFirst(lineEnd + 2)
    try fill(size + 2)
    let chunk = Array(buffer[..<size])
    buffer.removeFirst(size + 2)
    return size == 0 ? nil : chunk
  }

  /// Reads a response's status line and headers only, leaving its body to be read.
  public func readHead() throws -> TestResponse {
    let headEnd = try readUntil(Array("\r\n\r\n".utf8))
    let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
    buffer.removeFirst(headEnd + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
      throw TestClientError.malformed(head)
    }
    var headers: [(String, String)] = []
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { throw TestClientError.malformed(head) }
      headers.append(
        (
          String(line[..<colon]),
          line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        ))
    }
    return TestResponse(status: status, headers: headers, body: [])
  }

  /// True when the server has closed the connection (a read returns end of file).
  public func isClosedByPeer() -> Bool {
    if !buffer.isEmpty { return false }
    return (try? receive()) == 0
  }

  private func readUntil(_ marker: [UInt8]) throws -> Int {
    while true {
      if let range = buffer.firstRange(of: marker) { return range.lowerBound }
      guard try receive() > 0 else {
        throw TestClientError.closed(String(decoding: buffer, as: UTF8.self))
      }
    }
  }

  private func fill(_ count: Int) throws {
    while buffer.count < count {
      guard try receive() > 0 else {
        throw TestClientError.closed(String(decoding: buffer, as: UTF8.self))
      }
    }
  }

  private func receive() throws -> Int {
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if count < 0 {
      if errno == ECONNRESET { return 0 }
      throw TestClientError.timedOut
    }
    buffer += chunk[..<count]
    return count
  }
}

public enum TestClientError: Error {
  case cannotConnect(Int32)
  case malformed(String)
  case closed(String)
  case timedOut
}
