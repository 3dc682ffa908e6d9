/// Header fields in the order they arrived or were added. Lookup ignores case, as HTTP requires.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// Every field, in order, with names as they were sent or added.
  public private(set) var fields: [(name: String, value: String)]

  /// Headers holding `fields`, in order.
  public init(_ fields: [(name: String, value: String)] = []) {
    self.fields = fields
  }

  /// Headers from a literal, in its order: `["Content-Type": "text/plain"]`.
  public init(dictionaryLiteral elements: (String, String)...) {
    fields = elements.map { (name: $0.0, value: $0.1) }
  }

  /// The first value of a field, or nil.
  public subscript(name: String) -> String? {
    firstField { Self.same($0.name, name) }?.value
  }

  /// The first field that passes `test`. Over the storage, by index: `first(where:)` copied each
  /// field out, a retain and release of both its strings, and a dozen lookups run for every
  /// request.
  private func firstField(
    where test: ((name: String, value: String)) -> Bool
  ) -> (name: String, value: String)? {
    fields.withUnsafeBufferPointer { fields in
      for index in fields.indices where test(fields[index]) { return fields[index] }
      return nil
    }
  }

  /// Every value of a field, in order.
  public func values(for name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  /// Makes room for `count` fields in all, so the ones added next do not grow the storage one
  /// step at a time.
  public mutating func reserveCapacity(_ count: Int) {
    fields.reserveCapacity(count)
  }

  /// Adds a field after the others, keeping any already there (`Set-Cookie`, `Vary`).
  public mutating func add(_ name: String, _ value: String) {
    // A response gains fields on its way out (its cache policy, Vary, the app's security
    // headers): room for several is made at once, not one step at a time.
    if fields.count == fields.capacity { fields.reserveCapacity(Swift.max(8, fields.count * 2)) }
    fields.append((name, value))
  }

  /// Replaces every value of the field with one, or adds it.
  public mutating func replaceOrAdd(_ name: String, _ value: String) {
    remove(name)
    add(name, value)
  }

  /// Removes every field named `name`, whatever its case.
  public mutating func remove(_ name: String) {
    // Only when there is something to remove: removing in place asks for storage of its own,
    // and a response's fields may share theirs (a 304 kept ready to send).
    guard contains(name) else { return }
    fields.removeAll { Self.same($0.name, name) }
  }

  /// Whether there is a field named `name`, whatever its case.
  public func contains(_ name: String) -> Bool {
    firstField { Self.same($0.name, name) } != nil
  }

  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  /// The name of the first field that may not go on the wire: a name that is not a token, or a
  /// value holding CR, LF or NUL (which would end the header early and start another). Checked
  /// for every response, so byte by byte over each string's own storage.
  var firstUnsafeField: String? {
    firstField { field in
      field.name.withHeaderBytes { $0.isEmpty || !$0.allSatisfy { $0.isTokenByte } }
        || field.value.withHeaderBytes { Self.holdsLineBreakOrNUL($0) }
    }?.name
  }

  /// Whether `bytes` hold CR, LF or NUL, eight bytes at a time: a word with no byte below 0x0E
  /// holds none of them, and only the rest from a word that has one is read byte by byte. The
  /// app's long values (its Content-Security-Policy) pass through here on every response.
  static func holdsLineBreakOrNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    // The "has a byte less than n" test: a byte below 0x0E sets its high bit here (a byte of
    // 0x80 or more cannot, through `~word`), so a word of none of them leaves nothing set.
    let start = raw.plainWordsPrefix {
      ($0 &- 0x0e0e_0e0e_0e0e_0e0e) & ~$0 & 0x8080_8080_8080_8080 == 0
    }
    return raw[start...].contains { $0 == .cr || $0 == .lf || $0 == 0 }
  }

  /// Says the answer depends on request header `name` too: added to `Vary` once, whatever else
  /// it lists already.
  public mutating func addVary(_ name: String) {
    guard !hasToken(name, in: "vary") else { return }
    // Most answers have no Vary yet: no list to gather and join.
    guard contains("vary") else { return add("Vary", name) }
    replaceOrAdd("Vary", (values(for: "vary") + [name]).joined(separator: ", "))
  }

  /// Whether a comma-separated field (`Connection: keep-alive, Upgrade`) holds a token.
  public func hasToken(_ token: String, in name: String) -> Bool {
    firstField { field in
      Self.same(field.name, name)
        && token.withHeaderBytes { token in
          field.value.containsHeaderItem { Self.same($0, token) }
        }
    } != nil
  }

  /// Whether a `Content-Type` value's media type, before its parameters (`; charset=UTF-8`), is
  /// `type` (lowercase), in any case; a `type` ending in "/" (`text/`) stands for all of its
  /// subtypes. By byte: splitting and lowercasing the value cost more than a short form's
  /// decoding.
  static func mediaType(of value: String, is type: String) -> Bool {
    value.withHeaderBytes { bytes in
      let media = bytes.prefix { $0 != UInt8(ascii: ";") }.trimmingSpaces
      return type.utf8.last == UInt8(ascii: "/")
        ? same(media.prefix(type.utf8.count), type.utf8) : same(media, type.utf8)
    }
  }

  /// Names compared as HTTP compares them: ASCII letters in either case, every other byte exactly.
  static func same(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
    // Most names a lookup meets differ in length, which a native string knows without a pass.
    guard a.utf8.count == b.utf8.count else { return false }
    return a.withHeaderBytes { a in b.withHeaderBytes { b in same(a, b) } }
  }

  static func same(
    _ a: some Collection<UInt8>, _ b: some Collection<UInt8>
  ) -> Bool {
    guard a.count == b.count else { return false }
    var other = b.startIndex
    for byte in a {
      let otherByte = b[other]
      b.formIndex(after: &other)
      guard byte != otherByte else { continue }
      let lower = byte | 0x20
      guard lower == otherByte | 0x20, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z")
      else { return false }
    }
    return true
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
  var trimmingSpaces: Substring {
    let text = Substring(self)
    return Substring(text.utf8.trimmingSpaces)
  }

  /// The parts between one ASCII byte, `separator`, split by byte. `split(separator:)` on text
  /// forms every character on the way: 14,000 instructions for one `Content-Type`.
  func split(byte separator: Unicode.Scalar) -> [Substring] {
    Substring(self).utf8.split(separator: UInt8(ascii: separator)).map { Substring($0) }
  }
}

extension BidirectionalCollection<UInt8> where SubSequence == Self {
  /// Without leading and trailing spaces and tabs, by byte: no character is formed on the way.
  var trimmingSpaces: Self {
    var text = self
    while let first = text.first, first == .space || first == .tab { text = text.dropFirst() }
    while let last = text.last, last == .space || last == .tab { text = text.dropLast() }
    return text
  }
}
