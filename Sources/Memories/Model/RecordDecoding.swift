import Foundation

/// Why one record was refused, in words that name the field and what was expected.
struct RecordError: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

// A record's fields read through Codable, each failure turned into a `RecordError` that names
// the field: what the import reports for a record it refuses.
extension KeyedDecodingContainer {
  /// Whether the record holds a value for `key`: JSON's null counts as none.
  func has(_ key: Key) -> Bool {
    contains(key) && (try? decodeNil(forKey: key)) == false
  }

  private func present(_ key: Key) throws(RecordError) {
    guard has(key) else { throw RecordError("\"\(key.stringValue)\" is missing") }
  }

  func text(_ key: Key) throws(RecordError) -> String {
    try present(key)
    do {
      return try decode(String.self, forKey: key)
    } catch {
      throw RecordError("\"\(key.stringValue)\" is not text")
    }
  }

  /// Text that may be left out: empty then.
  func optionalText(_ key: Key) throws(RecordError) -> String {
    has(key) ? try text(key) : ""
  }

  /// A JSON number; `true` and `false` are not numbers.
  func number(_ key: Key) throws(RecordError) -> Double {
    try present(key)
    do {
      return try decode(Double.self, forKey: key)
    } catch {
      throw RecordError("\"\(key.stringValue)\" is not a number")
    }
  }

  /// A whole number from 0 to under a billion: sizes and durations.
  func wholeNumber(_ key: Key) throws(RecordError) -> Int {
    let number = try number(key)
    guard number >= 0, number == number.rounded(), number < 1e9 else {
      throw RecordError("\"\(key.stringValue)\" is not a whole number of zero or more")
    }
    return Int(number)
  }

  func date(_ key: Key) throws(RecordError) -> Date {
    let text = try text(key)
    guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
      throw RecordError("\"\(key.stringValue)\" is not an ISO 8601 date like 2014-03-09T18:30:00Z")
    }
    return date
  }

  /// The fields of the object at `key`.
  func object<NestedKey: CodingKey>(
    _ keys: NestedKey.Type, _ key: Key
  ) throws(RecordError) -> KeyedDecodingContainer<NestedKey> {
    try present(key)
    do {
      return try nestedContainer(keyedBy: keys, forKey: key)
    } catch {
      throw RecordError("\"\(key.stringValue)\" is not an object")
    }
  }

  /// The value at `key`, an object that reads itself.
  func object<Value: Decodable>(_ type: Value.Type, _ key: Key) throws(RecordError) -> Value {
    try present(key)
    do {
      return try decode(type, forKey: key)
    } catch let error as RecordError {
      throw error
    } catch {
      throw RecordError("\"\(key.stringValue)\" is not an object")
    }
  }

  /// The list of objects at `key`, each of which reads itself.
  func list<Element: Decodable>(_ type: Element.Type, _ key: Key) throws(RecordError) -> [Element] {
    try present(key)
    var list: UnkeyedDecodingContainer
    do {
      list = try nestedUnkeyedContainer(forKey: key)
    } catch {
      throw RecordError("\"\(key.stringValue)\" is not a list")
    }
    var elements: [Element] = []
    while !list.isAtEnd {
      do {
        elements.append(try list.decode(type))
      } catch let error as RecordError {
        throw error
      } catch {
        throw RecordError("\"\(key.stringValue)\" holds something that is not an object")
      }
    }
    return elements
  }

  func texts(_ key: Key) throws(RecordError) -> [String] {
    try present(key)
    do {
      return try decode([String].self, forKey: key)
    } catch {
      throw RecordError("\"\(key.stringValue)\" is not a list of text")
    }
  }
}
