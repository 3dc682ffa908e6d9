import Foundation
import Glibc

/// One keep-alive connection to a server on loopback, spoken to in plain HTTP/1.1 with blocking
/// reads that give up after a timeout, so a test fails instead of hanging.
final class SocketConnection: @unchecked Sendable {
  private let fd: Int32
  /// Bytes read and not yet taken. Only the thread using the connection touches it.
  private var buffer: [UInt8] = []

  init(port: Int, timeout: Duration) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(fd)
      throw TestFailure("Could not connect to 127.0.0.1:\(port): the server is not listening.")
    }
    setTimeout(timeout)
  }

  deinit {
    Glibc.close(fd)
  }

  /// How long a read waits for bytes before it fails.
  func setTimeout(_ timeout: Duration) {
    let (seconds, attoseconds) = timeout.components
    var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Ends the connection both ways: a read waiting on it returns.
  func shutDown() {
    Glibc.shutdown(fd, Int32(SHUT_RDWR))
  }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { raw -> Int in
        guard let start = raw.baseAddress else { return 0 }
        return Glibc.send(fd, start + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw TestFailure("The server closed the connection.") }
      offset += sent
    }
  }

  /// The status line and header fields of the next answer.
  func readHead() throws -> (status: Int, headers: [(name: String, value: String)]) {
    let end = try readUntil(Array("\r\n\r\n".utf8))
    let head = String(decoding: buffer[..<end], as: UTF8.self)
    buffer.removeFirst(end + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
      throw TestFailure("The server answered with a malformed head: \(head)")
    }
    let headers = lines.compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        String(line[..<colon]),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
    return (status, headers)
  }

  /// The body of an answer whose head said `headers`.
  func readBody(
    _ headers: [(name: String, value: String)], status: Int, isHead: Bool
  ) throws
    -> [UInt8]
  {
    let header = { (name: String) in headers.first { $0.name.lowercased() == name }?.value }
    if isHead || status == 204 || status == 304 || status < 200 { return [] }
    if header("transfer-encoding")?.lowercased() == "chunked" {
      var body: [UInt8] = []
      while let chunk = try readChunk() { body += chunk }
      return body
    }
    if let length = header("content-length").flatMap({ Int($0) }) {
      try fill(length)
      defer { buffer.removeFirst(length) }
      return Array(buffer[..<length])
    }
    while try receive() > 0 {}
    defer { buffer = [] }
    return buffer
  }

  /// The next chunk of a chunked body; nil for the last.
  func readChunk() throws -> [UInt8]? {
    let lineEnd = try readUntil(Array("\r\n".utf8))
    let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self), radix: 16) ?? 0
    buffer.removeFirst(lineEnd + 2)
    try fill(size + 2)
    let chunk = Array(buffer[..<size])
    buffer.removeFirst(size + 2)
    return size == 0 ? nil : chunk
  }

  private func readUntil(_ marker: [UInt8]) throws -> Int {
    while true {
      if let range = buffer.firstRange(of: marker) { return range.lowerBound }
      guard try receive() > 0 else { throw TestFailure("The server closed the connection.") }
    }
  }

  private func fill(_ count: Int) throws {
    while buffer.count < count {
      guard try receive() > 0 else { throw TestFailure("The server closed the connection.") }
    }
  }

  private func receive() throws -> Int {
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if count < 0 {
      if errno == ECONNRESET { return 0 }
      throw TestFailure("No answer came in time.")
    }
    buffer += chunk[..<count]
    return count
  }
}

/// Runs blocking work off the caller's task, on a thread of its own: not Swift's few threads,
/// which every test shares, nor Dispatch's, on which the server under test answers (a client
/// blocked in a read there takes one from it, and on Linux Dispatch is slow to add more, so the
/// server's answers wait behind its own clients).
func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value
{
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result(catching: work)) }
    thread.name = "mvvmweb-testing-client"
    thread.start()
  }
}
