/// How instances sharing a PostgreSQL database tell each other which sessions ended: their keys,
/// in hex, separated by spaces, in `NOTIFY` payloads on one channel. A payload stays under the
/// server's 8,000-byte limit.
package enum SessionNotice {
  /// The channel every instance listens on.
  package static let channel = "mvvmweb_sessions"
  /// How many keys one payload carries (65 bytes each with its space).
  static let keysPerPayload = 100

  /// The payloads that say `hashes` ended.
  package static func payloads(_ hashes: [TokenHash]) -> [String] {
    stride(from: 0, to: hashes.count, by: keysPerPayload).map { start in
      hashes[start..<min(start + keysPerPayload, hashes.count)].map(\.hex).joined(separator: " ")
    }
  }

  /// The sessions a payload names; a word that is no key is skipped.
  package static func hashes(in payload: String) -> [TokenHash] {
    payload.split(separator: " ").compactMap { TokenHash(hex: $0) }
  }
}
