import Crypto
import Foundation
import MVVMWebPasskeys

/// A secret that grants something (a session, a one-time link): 256 random bits from the
/// system's secure generator, carried as 43 characters of base64url, kept by the store only as
/// its SHA-256 (`hash`).
public struct SecretToken: Sendable, Equatable {
  /// The 32 random bytes.
  let bytes: [UInt8]

  /// A new token.
  public init() {
    bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
  }

  /// The token `text` carries (a cookie's value, a link's code); nil unless it is exactly 43
  /// characters of canonical base64url. Read on every signed-in request, so straight from the
  /// bytes, with no copy of the text.
  public init?(_ text: some StringProtocol) {
    guard text.utf8.count == 43, let bytes = Base64URL.decode(text, maximumLength: 32),
      bytes.count == 32
    else { return nil }
    self.bytes = bytes
  }

  /// The token `text`'s UTF-8 bytes carry, read where they lie (a cookie header's).
  init?(utf8 text: UnsafeBufferPointer<UInt8>) {
    guard text.count == 43, let bytes = Base64URL.decode(text, maximumLength: 32),
      bytes.count == 32
    else { return nil }
    self.bytes = bytes
  }

  /// The token as it is carried: base64url, without padding.
  public var text: String { Base64URL.encode(bytes) }

  /// What the store keeps.
  public var hash: TokenHash { TokenHash(of: bytes) }
}
