/// Decodes the CBOR subset of ``CBORValue`` from bytes, bounded and total: every length is
/// checked against the bytes that remain before anything is read or allocated, nesting and item
/// counts are bounded, and every failure is a ``CBORError`` with the offset of the item at fault.
struct CBORDecoder {
  /// Nesting bound: an attestation object is 3 deep (its statement's certificate list), a COSE
  /// key 1, authenticator extensions rarely more than 2.
  static let maximumDepth = 16
  /// Items in one array or map: far above any WebAuthn structure, far below memory trouble.
  static let maximumItems = 1024

  private let bytes: ArraySlice<UInt8>
  private var position: Int

  private init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    self.position = bytes.startIndex
  }

  /// The one item that is all of `bytes`; offsets in errors count from `bytes.startIndex`.
  static func decode(_ bytes: ArraySlice<UInt8>) throws(CBORError) -> CBORValue {
    let (value, end) = try decodePrefix(bytes)
    guard end == bytes.endIndex else {
      throw CBORError(offset: end - bytes.startIndex, problem: .trailingBytes(bytes.endIndex - end))
    }
    return value
  }

  /// The item at the start of `bytes` and the index just past it (for a COSE key followed by
  /// extensions inside authenticator data).
  static func decodePrefix(_ bytes: ArraySlice<UInt8>) throws(CBORError) -> (CBORValue, end: Int) {
    var decoder = CBORDecoder(bytes)
    let value = try decoder.item(depth: 0)
    return (value, decoder.position)
  }

  private var remaining: Int { bytes.endIndex - position }

  private mutating func item(depth: Int) throws(CBORError) -> CBORValue {
    // Errors point at the item's first byte (captured as a number: `fail` must not hold self,
    // which the calls below mutate).
    let offset = position - bytes.startIndex
    func fail(_ problem: CBORProblem) -> CBORError { CBORError(offset: offset, problem: problem) }
    guard remaining > 0 else { throw fail(.truncated) }
    let initial = bytes[position]
    position += 1
    let major = initial >> 5
    let information = initial & 0x1F
    if major == 7 {
      switch information {
      case 20: return .bool(false)
      case 21: return .bool(true)
      case 25, 26, 27: throw fail(.float)
      case 28, 29, 30: throw fail(.reservedAdditionalInformation(information))
      case 31: throw fail(.indefiniteLength)
      case 24:
        guard remaining > 0 else { throw fail(.truncated) }
        throw fail(.unsupportedSimpleValue(bytes[position]))
      default: throw fail(.unsupportedSimpleValue(information))
      }
    }
    guard major != 6 else { throw fail(.tag) }
    let argument = try self.argument(information, fail: fail)
    switch major {
    case 0: return .unsigned(argument)
    case 1: return .negative(argument)
    case 2, 3:
      guard let count = Int(exactly: argument), count <= remaining else { throw fail(.truncated) }
      let content = bytes[position..<position + count]
      position += count
      if major == 2 { return .bytes(Array(content)) }
      guard let text = String(validating: content, as: UTF8.self) else {
        throw fail(.invalidUTF8)
      }
      return .text(text)
    case 4:
      let count = try itemCount(argument, bytesEach: 1, depth: depth, fail: fail)
      var items: [CBORValue] = []
      for _ in 0..<count { items.append(try item(depth: depth + 1)) }
      return .array(items)
    case 5:
      let count = try itemCount(argument, bytesEach: 2, depth: depth, fail: fail)
      var entries: [CBORValue: CBORValue] = [:]
      for _ in 0..<count {
        let keyOffset = position - bytes.startIndex
        let key = try item(depth: depth + 1)
        switch key {
        case .unsigned, .negative, .text: break
        default: throw CBORError(offset: keyOffset, problem: .mapKeyNotIntegerOrText)
        }
        let value = try item(depth: depth + 1)
        guard entries.updateValue(value, forKey: key) == nil else {
          throw CBORError(offset: keyOffset, problem: .duplicateMapKey)
        }
      }
      return .map(entries)
    default:
      throw fail(.tag)  // major type 6, refused above; every other one is handled
    }
  }

  /// The integer that follows the initial byte (a value, a length or a count).
  private mutating func argument(
    _ information: UInt8, fail: (CBORProblem) -> CBORError
  ) throws(CBORError) -> UInt64 {
    let size: Int
    switch information {
    case 0..<24: return UInt64(information)
    case 24: size = 1
    case 25: size = 2
    case 26: size = 4
    case 27: size = 8
    case 31: throw fail(.indefiniteLength)
    default: throw fail(.reservedAdditionalInformation(information))
    }
    guard size <= remaining else { throw fail(.truncated) }
    var value: UInt64 = 0
    for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
    position += size
    return value
  }

  /// An array's or map's item count, refused when nesting one level deeper is past the bound or
  /// when the items could not fit in what remains (each takes at least one byte), so no count
  /// from the input decides an allocation or a loop longer than the input.
  private func itemCount(
    _ argument: UInt64, bytesEach: Int, depth: Int, fail: (CBORProblem) -> CBORError
  ) throws(CBORError) -> Int {
    guard depth < Self.maximumDepth else { throw fail(.tooDeep(limit: Self.maximumDepth)) }
    guard let count = Int(exactly: argument), count <= Self.maximumItems,
      count <= remaining / bytesEach
    else { throw fail(.tooManyItems(argument)) }
    return count
  }
}

/// A CBOR decoding failure: what, and at which byte offset of the decoded input.
struct CBORError: Error, Equatable {
  var offset: Int
  var problem: CBORProblem
}
