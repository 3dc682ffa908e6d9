import Synchronization

/// Request ids the server makes: a random prefix per process and a counter, so ids are unique
/// across restarts and instances without a random draw per request (`5f3a9c1e07b2-1a4`).
public enum RequestID {
  private static let prefix: String = {
    let random = UInt64.random(in: 0..<(1 << 48))  // The system's generator: getrandom.
    let hex = String(random, radix: 16)
    return String(repeating: "0", count: 12 - hex.count) + hex
  }()
  private static let counter = Atomic<UInt64>(0)

  static func next() -> String {
    let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
    return prefix + "-" + String(number, radix: 16)
  }

  /// Whether a proxy's `X-Request-Id` may be used as it is: 1 to 128 characters of letters,
  /// digits and `-._:`, so it cannot break a log line or a header.
  public static func isAcceptable(_ id: Substring) -> Bool {
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
