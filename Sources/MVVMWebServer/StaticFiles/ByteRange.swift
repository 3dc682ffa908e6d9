/// A single `Range: bytes=…` request (RFC 9110 §14). Several ranges at once are served as the
/// whole file, which the RFC allows and which spares us multipart bodies. Positions are parsed
/// total: one past every file's end (even past `Int.max`) is simply past the end.
enum ByteRange: Equatable {
  case satisfiable(Range<Int>)
  case unsatisfiable
  case ignored

  static func parse(_ header: String, size: Int) -> ByteRange {
    guard header.hasPrefix("bytes="), !header.contains(",") else { return .ignored }
    let spec = header.dropFirst(6).trimmingSpaces
    guard let dash = spec.firstIndex(of: "-") else { return .ignored }
    let first = spec[..<dash]
    let last = spec[spec.index(after: dash)...]
    if first.isEmpty {
      // A suffix range: the last N bytes, the whole file when N is larger than it.
      guard let suffix = DecimalNumber(last)?.saturated else { return .ignored }
      guard suffix > 0, size > 0 else { return .unsatisfiable }
      return .satisfiable((size - min(suffix, size))..<size)
    }
    guard let start = DecimalNumber(first)?.saturated else { return .ignored }
    if last.isEmpty { return start < size ? .satisfiable(start..<size) : .unsatisfiable }
    guard let end = DecimalNumber(last)?.saturated, end >= start else { return .ignored }
    guard start < size else { return .unsatisfiable }
    // `end` may be far past the file (even Int.max): the range stops at the file's last byte.
    return .satisfiable(start..<(min(end, size - 1) + 1))
  }
}
