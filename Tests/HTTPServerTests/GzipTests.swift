import Foundation
import Testing

@testable import HTTPServer

/// Deflate streams are reused between bodies: every body still comes out as a complete gzip file
/// of exactly its bytes, checked with the system's own gzip.
@Suite struct GzipTests {
  @Test func reusedStreamsCompressEachBodyOnItsOwn() throws {
    let bodies = [
      Array(String(repeating: "MVVMWeb renders pages. ", count: 300).utf8),
      Array("short".utf8),
      (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) },
      Array(String(repeating: "MVVMWeb renders pages. ", count: 300).utf8),
    ]
    for body in bodies {
      let compressed = try #require(Gzip.compress(body, level: 1))
      #expect(Array(compressed.prefix(2)) == [0x1f, 0x8b])
      #expect(try gunzip(compressed) == body)
    }
  }

  private func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let path = NSTemporaryDirectory() + "mvvmweb-gzip-\(UUID().uuidString.prefix(8)).gz"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return [UInt8](output)
  }
}
