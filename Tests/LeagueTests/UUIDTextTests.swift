import Foundation
import Testing

@testable import League

/// The app's hand-written UUID text: the same answers as Foundation, and no trap on any input.
@Suite struct UUIDTextTests {
  @Test func writesLowercaseTextAndReadsItBack() throws {
    let id = try #require(UUID(uuidString: "0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9"))
    #expect(id.lowercasedText == "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9")
    #expect(UUID(text: "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9") == id)
    #expect(UUID(text: "0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9") == id)
    for _ in 0..<100 {
      let random = UUID()
      #expect(random.lowercasedText == random.uuidString.lowercased())
      #expect(UUID(text: random.lowercasedText) == random)
    }
  }

  @Test(arguments: [
    "", "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f", "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f90",
    "0a1b2c3d_4e5f-6071-8293-a4b5c6d7e8f9", "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8fg",
    "0a1b2c3d4e5f60718293a4b5c6d7e8f9abcd", "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8é",
    "-a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9", "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f\u{0}",
  ])
  func refusesAnythingButThirtySixCharactersOfUUIDText(text: String) {
    #expect(UUID(text: text) == nil)
    #expect(Array(text.utf8).withUnsafeBufferPointer { UUID(utf8: $0) } == nil)
  }

  /// From the bytes of a database row or a request: the same answers as from a `String`.
  @Test func readsTheSameFromBytesWhereTheyLie() throws {
    let id = try #require(UUID(uuidString: "0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9"))
    for text in ["0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9", "0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9"] {
      #expect(Array(text.utf8).withUnsafeBufferPointer { UUID(utf8: $0) } == id)
    }
    // Thirty-six bytes inside a longer buffer: only those are read.
    let padded = Array("x0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9y".utf8)
    #expect(
      padded.withUnsafeBufferPointer { UUID(utf8: UnsafeBufferPointer(rebasing: $0[1..<37])) } == id
    )
    #expect(UUID(utf8: UnsafeBufferPointer(start: nil, count: 0)) == nil)
    for _ in 0..<100 {
      let random = UUID()
      #expect(
        Array(random.lowercasedText.utf8).withUnsafeBufferPointer { UUID(utf8: $0) } == random)
    }
  }
}
