/// What is wrong with a CBOR item, for ``PasskeyError/malformedCBOR(_:offset:_:)``.
public enum CBORProblem: Hashable, Sendable, CustomStringConvertible {
  /// The input ends inside the item.
  case truncated
  /// Additional information 28 to 30, which RFC 8949 reserves.
  case reservedAdditionalInformation(UInt8)
  /// An indefinite length (additional information 31): WebAuthn's CBOR is definite.
  case indefiniteLength
  /// A tag (major type 6), which WebAuthn never uses.
  case tag
  /// A floating-point number, which WebAuthn never uses.
  case float
  /// A simple value other than false and true.
  case unsupportedSimpleValue(UInt8)
  /// Arrays and maps nested deeper than the decoder's bound.
  case tooDeep(limit: Int)
  /// An array or map declaring more items than the decoder's bound or than bytes remain.
  case tooManyItems(UInt64)
  /// A text string that is not UTF-8.
  case invalidUTF8
  /// A map key that is neither an integer nor text.
  case mapKeyNotIntegerOrText
  /// A map key that appears twice: which value counts would be up to the reader.
  case duplicateMapKey
  /// Bytes after the item, where the item must be the whole input.
  case trailingBytes(Int)

  /// The problem in words.
  public var description: String {
    switch self {
    case .truncated: "the input ends inside an item"
    case .reservedAdditionalInformation(let value): "reserved additional information \(value)"
    case .indefiniteLength: "an indefinite length"
    case .tag: "a tag"
    case .float: "a floating-point number"
    case .unsupportedSimpleValue(let value): "the simple value \(value)"
    case .tooDeep(let limit): "nested deeper than \(limit) levels"
    case .tooManyItems(let count): "\(count) items, more than fit"
    case .invalidUTF8: "a text string that is not UTF-8"
    case .mapKeyNotIntegerOrText: "a map key that is neither an integer nor text"
    case .duplicateMapKey: "a map key that appears twice"
    case .trailingBytes(let count):
      count == 1 ? "a byte after the item" : "\(count) bytes after the item"
    }
  }
}
