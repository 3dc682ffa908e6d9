/// Where the rows of a live element's keyed repeat (`m:key`) lie in its rendered HTML, and their
/// keys: what the live hub compares between two renders to send only the rows that changed.
/// Each row is one element whose first attribute is its key, `<tr data-key="…"`; a row left out
/// by a condition takes no bytes and is not a row.
package struct KeyedRows: Sendable, Equatable {
  /// The bytes of the whole repeat, from its first row's start to its last row's end (empty,
  /// where the rows would go, when there are none).
  package let span: Range<Int>
  /// Each row's bytes, in page order.
  package let ranges: [Range<Int>]
  /// Each row's key as the browser reads it (`getAttribute("data-key")`): unescaped.
  package let keys: [String]

  /// The rows of `html` between `marks` (the repeat's start, then each item's end); nil when a
  /// row does not start with its key, which a rendering by the compiled plan always does.
  package init?(_ html: [UInt8], marks: [Int]) {
    guard let start = marks.first, let end = marks.last, start <= end, end <= html.count else {
      return nil
    }
    span = start..<end
    var ranges: [Range<Int>] = []
    var keys: [String] = []
    for index in marks.indices.dropLast() where marks[index] < marks[index + 1] {
      let range = marks[index]..<marks[index + 1]
      guard let key = Self.key(html[range]) else { return nil }
      ranges.append(range)
      keys.append(key)
    }
    self.ranges = ranges
    self.keys = keys
  }

  /// The value of `data-key` in `<name data-key="…"`, unescaped.
  static func key(_ row: ArraySlice<UInt8>) -> String? {
    var index = row.startIndex
    guard index < row.endIndex, row[index] == UInt8(ascii: "<") else { return nil }
    index += 1
    while index < row.endIndex, row[index] != UInt8(ascii: " "), row[index] != UInt8(ascii: ">") {
      index += 1
    }
    let attribute = Array(" data-key=\"".utf8)
    guard row.endIndex - index >= attribute.count,
      row[index..<index + attribute.count].elementsEqual(attribute)
    else { return nil }
    index += attribute.count
    guard let end = row[index...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
    return unescaped(row[index..<end])
  }

  /// Attribute text as `HTMLEscaping` writes it, read back: its character references decoded.
  static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.contains("&") else { return text }
    var result = ""
    var rest = text[...]
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      rest = rest[amp...]
      guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
        result += "&"
        rest = rest.dropFirst()
        continue
      }
      let name = rest[rest.index(after: rest.startIndex)..<semicolon]
      var scalar: Unicode.Scalar?
      switch name {
      case "amp": scalar = "&"
      case "lt": scalar = "<"
      case "gt": scalar = ">"
      case "quot": scalar = "\""
      case "apos": scalar = "'"
      default:
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
          scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if name.hasPrefix("#") {
          scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        }
      }
      if let scalar {
        result.unicodeScalars.append(scalar)
        rest = rest[rest.index(after: semicolon)...]
      } else {
        result += "&"
        rest = rest.dropFirst()
      }
    }
    return result + rest
  }
}
