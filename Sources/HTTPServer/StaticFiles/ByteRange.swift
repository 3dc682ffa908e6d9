/// A single `Range: bytes=…` request (RFC 9110 §14). Several ranges at once are served as the
/// whole file, which the RFC allows and which spares us multipart bodies.
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
      guard let suffix = Int(last), suffix > 0 else {
        return last.isEmpty ? .ignored : .unsatisfiable
      }
      return size == 0 ? .unsatisfiable : .satisfiable(max(0, size - suffix)..<size)
    }
    guard let start = Int(first), start >= 0 else { return .ignored }
    guard start < size else { return .unsatisfiable }
    if last.isEmpty { return .satisfiable(start..<size) }
    guard let end = Int(last), end >= start else { return .ignored }
    return .satisfiable(start..<min(end + 1, size))
  }
}
