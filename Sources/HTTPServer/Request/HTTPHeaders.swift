/// Header fields in the order they arrived or were added. Lookup ignores case, as HTTP requires.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
  public private(set) var fields: [(name: String, value: String)]

  public init(_ fields: [(name: String, value: String)] = []) {
    self.fields = fields
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    fields = elements.map { (name: $0.0, value: $0.1) }
  }

  /// The first value of a field, or nil.
  public subscript(name: String) -> String? {
    fields.first { Self.same($0.name, name) }?.value
  }

  /// Every value of a field, in order.
  public func values(for name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  public mutating func add(_ name: String, _ value: String) {
    fields.append((name, value))
  }

  /// Replaces every value of the field with one, or adds it.
  public mutating func replaceOrAdd(_ name: String, _ value: String) {
    remove(name)
    fields.append((name, value))
  }

  public mutating func remove(_ name: String) {
    fields.removeAll { Self.same($0.name, name) }
  }

  public func contains(_ name: String) -> Bool {
    fields.contains { Self.same($0.name, name) }
  }

  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  /// The name of the first field that may not go on the wire: a name that is not a token, or a
  /// value holding CR, LF or NUL (which would end the header early and start another).
  var firstUnsafeField: String? {
    fields.first { field in
      field.name.isEmpty || !field.name.utf8.allSatisfy(\.isTokenByte)
        || field.value.utf8.contains { $0 == .cr || $0 == .lf || $0 == 0 }
    }?.name
  }

  /// Says the answer depends on request header `name` too: added to `Vary` once, whatever else
  /// it lists already.
  public mutating func addVary(_ name: String) {
    guard !hasToken(name, in: "vary") else { return }
    let current = values(for: "vary")
    replaceOrAdd("Vary", (current + [name]).joined(separator: ", "))
  }

  /// Whether a comma-separated field (`Connection: keep-alive, Upgrade`) holds a token.
  func hasToken(_ token: String, in name: String) -> Bool {
    values(for: name).contains { value in
      value.split(separator: ",").contains { Self.same($0.trimmingSpaces, token) }
    }
  }

  static func same(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
    a.utf8.count == b.utf8.count
      && zip(a.utf8, b.utf8).allSatisfy {
        $0 == $1 || ($0 | 0x20 == $1 | 0x20 && ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7a)
      }
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
  var trimmingSpaces: Substring {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
