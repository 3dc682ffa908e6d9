/// What is wrong with authenticator data, for
/// ``PasskeyError/malformedAuthenticatorData(offset:_:)``.
public enum AuthenticatorDataProblem: Hashable, Sendable, CustomStringConvertible {
  /// The data ends before a field (named) that its length or flags promise.
  case truncated(String)
  /// The credential ID is longer than WebAuthn's 1023 bytes.
  case credentialIDTooLong(Int)
  /// The credential ID is empty.
  case emptyCredentialID
  /// The extensions (ED flag) are not a CBOR map.
  case extensionsNotAMap
  /// Bytes follow the last field the flags announce.
  case trailingBytes(Int)

  /// The problem in words.
  public var description: String {
    switch self {
    case .truncated(let field): "it ends inside the \(field)"
    case .credentialIDTooLong(let length): "a credential ID of \(length) bytes, over 1023"
    case .emptyCredentialID: "an empty credential ID"
    case .extensionsNotAMap: "the extensions are not a CBOR map"
    case .trailingBytes(let count):
      count == 1 ? "a byte after the last field" : "\(count) bytes after the last field"
    }
  }
}
