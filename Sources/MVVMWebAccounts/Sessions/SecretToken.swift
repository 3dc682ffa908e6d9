import Crypto
import Foundation

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
  /// base64url characters.
  public init?(_ text: some StringProtocol) {
    guard text.utf8.count == 43,
      text.utf8.allSatisfy({ Self.alphabet.utf8.contains($0) }),
      let data = Data(
        base64Encoded: String(text).replacingOccurrences(of: "-", with: "+")
          .replacingOccurrences(of: "_", with: "/") + "="),
      data.count == 32
    else { return nil }
    bytes = Array(data)
  }

  /// The token as it is carried: base64url, without padding.
  public var text: String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  /// What the store keeps.
  public var hash: TokenHash { TokenHash(of: bytes) }

  private static let alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
}
