/// Reads one JSON object (RFC 8259) into its members' values as far as client data needs them:
/// strings and booleans kept, numbers, null, nested objects and arrays checked and skipped.
/// Bounded by its input (which its caller bounds), by nesting depth, and total: every failure
/// is a ``JSONError`` at a byte offset. Stricter than JSON where ambiguity would help an
/// attacker: a member name twice is refused, as is text that is not UTF-8.
struct JSONObjectReader {
  /// A member's value, as far as it is kept.
  enum Value: Equatable {
    case string(String)
    case bool(Bool)
    /// A number, null, an object or an array: well-formed, not kept.
    case other
  }

  /// Nesting bound for skipped values; client data has none.
  static let maximumDepth = 8

  private let bytes: [UInt8]
  private var position: Int

  private init(_ bytes: [UInt8], from start: Int) {
    self.bytes = bytes
    self.position = start
  }

  /// The members of the object that is all of `bytes` (after an optional byte order mark, which
  /// WebAuthn's UTF-8 decode strips).
  static func read(_ bytes: [UInt8]) throws(JSONError) -> [String: Value] {
    try validateUTF8(bytes)
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var reader = JSONObjectReader(bytes, from: start)
    reader.skipWhitespace()
    guard reader.peek() == UInt8(ascii: "{") else {
      throw JSONError(offset: reader.position, problem: .notAnObject)
    }
    let members = try reader.object(depth: 1)
    reader.skipWhitespace()
    guard reader.position == bytes.count else {
      throw JSONError(offset: reader.position, problem: .trailingBytes)
    }
    return members
  }

  private static func validateUTF8(_ bytes: [UInt8]) throws(JSONError) {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .error: throw JSONError(offset: offset, problem: .invalidUTF8)
      case .emptyInput: return
      }
    }
  }

  private func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  private func error(_ problem: JSONProblem) -> JSONError {
    JSONError(offset: position, problem: problem)
  }

  /// The next byte, or an error at the end.
  private mutating func next() throws(JSONError) -> UInt8 {
    guard let byte = peek() else { throw error(.unexpectedEnd) }
    position += 1
    return byte
  }

  private mutating func expect(_ character: Unicode.Scalar) throws(JSONError) {
    let start = position
    let byte = try next()
    guard byte == UInt8(ascii: character) else {
      throw JSONError(offset: start, problem: .unexpected(byte))
    }
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      position += 1
    }
  }

  /// An object starting at `{`, its members by name.
  private mutating func object(depth: Int) throws(JSONError) -> [String: Value] {
    try expect("{")
    var members: [String: Value] = [:]
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return members
    }
    while true {
      skipWhitespace()
      let nameOffset = position
      guard peek() == UInt8(ascii: "\"") else {
        throw error(peek().map(JSONProblem.unexpected) ?? .unexpectedEnd)
      }
      let name = try string()
      skipWhitespace()
      try expect(":")
      skipWhitespace()
      let value = try self.value(depth: depth)
      guard members.updateValue(value, forKey: name) == nil else {
        throw JSONError(offset: nameOffset, problem: .duplicateMember(name))
      }
      skipWhitespace()
      let separatorOffset = position
      switch try next() {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "}"): return members
      case let byte: throw JSONError(offset: separatorOffset, problem: .unexpected(byte))
      }
    }
  }

  private mutating func value(depth: Int) throws(JSONError) -> Value {
    guard let byte = peek() else { throw error(.unexpectedEnd) }
    switch byte {
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try number()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard depth < Self.maximumDepth else { throw error(.tooDeep(limit: Self.maximumDepth)) }
      if byte == UInt8(ascii: "{") {
        _ = try object(depth: depth + 1)
      } else {
        try array(depth: depth + 1)
      }
    default:
      throw error(.unexpected(byte))
    }
    return .other
  }

  private mutating func array(depth: Int) throws(JSONError) {
    try expect("[")
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      skipWhitespace()
      _ = try value(depth: depth)
      skipWhitespace()
      let separatorOffset = position
      switch try next() {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "]"): return
      case let byte: throw JSONError(offset: separatorOffset, problem: .unexpected(byte))
      }
    }
  }

  private mutating func literal(_ word: String) throws(JSONError) {
    for expected in word.utf8 {
      let start = position
      let byte = try next()
      guard byte == expected else { throw JSONError(offset: start, problem: .unexpected(byte)) }
    }
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked and skipped.
  private mutating func number() throws(JSONError) {
    if peek() == UInt8(ascii: "-") { position += 1 }
    let first = try next()
    if first != UInt8(ascii: "0") {
      guard isDigit(first) else {
        throw JSONError(offset: position - 1, problem: .unexpected(first))
      }
      skipDigits()
    }
    if peek() == UInt8(ascii: ".") {
      position += 1
      try digits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      try digits()
    }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private mutating func skipDigits() {
    while let byte = peek(), isDigit(byte) { position += 1 }
  }

  /// One or more digits.
  private mutating func digits() throws(JSONError) {
    let byte = try next()
    guard isDigit(byte) else { throw JSONError(offset: position - 1, problem: .unexpected(byte)) }
    skipDigits()
  }

  /// A string starting at its quote, unescaped. The input is valid UTF-8 and every byte this
  /// copies is a whole sequence's or an escape's encoding, so the result is valid UTF-8.
  private mutating func string() throws(JSONError) -> String {
    try expect("\"")
    var out: [UInt8] = []
    while true {
      let start = position
      let byte = try next()
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &out, at: start)
      case 0..<0x20:
        throw JSONError(offset: start, problem: .controlCharacter)
      default:
        out.append(byte)
      }
    }
  }

  /// The escape after a backslash at `start`, appended as UTF-8.
  private mutating func escape(into out: inout [UInt8], at start: Int) throws(JSONError) {
    let invalid = JSONError(offset: start, problem: .invalidEscape)
    let scalar: Unicode.Scalar
    switch try next() {
    case UInt8(ascii: "\""): scalar = "\""
    case UInt8(ascii: "\\"): scalar = "\\"
    case UInt8(ascii: "/"): scalar = "/"
    case UInt8(ascii: "b"): scalar = "\u{08}"
    case UInt8(ascii: "f"): scalar = "\u{0C}"
    case UInt8(ascii: "n"): scalar = "\n"
    case UInt8(ascii: "r"): scalar = "\r"
    case UInt8(ascii: "t"): scalar = "\t"
    case UInt8(ascii: "u"):
      let unit = try hexUnit(invalid)
      let lone = JSONError(offset: start, problem: .loneSurrogate)
      switch unit {
      case 0xD800...0xDBFF:
        // A high surrogate: a low one must follow as its own escape.
        guard peek() == UInt8(ascii: "\\") else { throw lone }
        position += 1
        guard try next() == UInt8(ascii: "u") else { throw lone }
        let low = try hexUnit(invalid)
        guard (0xDC00...0xDFFF).contains(low) else { throw lone }
        let value = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
        guard let combined = Unicode.Scalar(value) else { throw lone }
        scalar = combined
      case 0xDC00...0xDFFF:
        throw lone
      default:
        guard let single = Unicode.Scalar(unit) else { throw lone }
        scalar = single
      }
    default:
      throw invalid
    }
    out.append(contentsOf: String(scalar).utf8)
  }

  /// Four hex digits, as a UTF-16 code unit's value.
  private mutating func hexUnit(_ invalid: JSONError) throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = try next()
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw invalid
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}

/// A JSON reading failure: what, and at which byte offset.
struct JSONError: Error, Equatable {
  var offset: Int
  var problem: JSONProblem
}
