/// What is wrong with client data JSON, for ``PasskeyError/malformedClientData(offset:_:)``.
public enum JSONProblem: Hashable, Sendable, CustomStringConvertible {
  /// The bytes are not UTF-8.
  case invalidUTF8
  /// The text is not a JSON object.
  case notAnObject
  /// The text ends inside a value.
  case unexpectedEnd
  /// A byte that cannot come here (an ASCII character, or the byte's value).
  case unexpected(UInt8)
  /// A backslash escape JSON does not have, or `\u` without four hex digits.
  case invalidEscape
  /// A control character (below U+0020) inside a string, where JSON needs an escape.
  case controlCharacter
  /// A `\u` escape of half a surrogate pair.
  case loneSurrogate
  /// Objects and arrays nested deeper than the reader's bound.
  case tooDeep(limit: Int)
  /// A member name that appears twice in the object: which value counts would be up to the
  /// reader.
  case duplicateMember(String)
  /// Something other than white space after the object.
  case trailingBytes

  /// The problem in words.
  public var description: String {
    switch self {
    case .invalidUTF8: "not UTF-8"
    case .notAnObject: "not a JSON object"
    case .unexpectedEnd: "the text ends inside a value"
    case .unexpected(let byte):
      (0x21...0x7E).contains(byte)
        ? "unexpected '\(Character(Unicode.Scalar(byte)))'" : "unexpected byte \(byte)"
    case .invalidEscape: "an invalid escape"
    case .controlCharacter: "a control character in a string"
    case .loneSurrogate: "half a surrogate pair"
    case .tooDeep(let limit): "nested deeper than \(limit) levels"
    case .duplicateMember(let name): "the member \"\(name)\" appears twice"
    case .trailingBytes: "text after the object"
    }
  }
}
