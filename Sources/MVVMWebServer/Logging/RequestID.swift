import Synchronization

/// Request ids the server makes: a random prefix per process and a counter, so ids are unique
/// across restarts and instances without a random draw per request (`5f3a9c1e07b2-1a4`).
package enum RequestID {
  private static let prefix: String = {
    let random = UInt64.random(in: 0..<(1 << 48))  // The system's generator: getrandom.
    let hex = String(random, radix: 16)
    return String(repeating: "0", count: 12 - hex.count) + hex
  }()
  private static let counter = Atomic<UInt64>(0)

  static func next() -> String {
    let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
    var digits = 1
    while digits < 16, number >> (4 * digits) != 0 { digits += 1 }
    // Written in place into one string: joining three made two strings on the way.
    return String(unsafeUninitializedCapacity: 13 + digits) { bytes in
      var end = 0
      for byte in prefix.utf8 {
        bytes[end] = byte
        end += 1
      }
      bytes[end] = UInt8(ascii: "-")
      end += 1
      for place in (0..<digits).reversed() {
        bytes[end] = hexDigits[Int(number >> (4 * place) & 0xf)]
        end += 1
      }
      return end
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Whether a proxy's `X-Request-Id` may be used as it is: 1 to 128 characters of letters,
  /// digits and `-._:`, so it cannot break a log line or a header.
  package static func isAcceptable(_ id: Substring) -> Bool {
    (1...128).contains(id.utf8.count)
      && id.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
          UInt8(ascii: "_"), UInt8(ascii: ":"):
          true
        default: false
        }
      }
  }
}
