/// Whole numbers from the wire, parsed total: ASCII digits only (no sign, no spaces, leading zeros
/// allowed), and a value too large for `Int` is reported as such instead of trapping, so each
/// caller decides what "too large" means for its field (413, unsatisfiable, clamped).
package enum DecimalNumber: Sendable, Equatable {
  /// The number.
  case value(Int)
  /// Digits only, but more than `Int.max`.
  case tooLarge

  /// nil when `text` is empty or holds anything but ASCII digits. Inlinable, so that a caller in
  /// another module reads its own string type's bytes directly rather than through the
  /// protocol's witnesses for every byte.
  @inlinable
  package init?(_ text: some StringProtocol) {
    guard !text.isEmpty else { return nil }
    var total = 0
    var overflowed = false
    for byte in text.utf8 {
      guard byte.isDigit else { return nil }
      guard !overflowed else { continue }
      let (tens, overTens) = total.multipliedReportingOverflow(by: 10)
      let (sum, overSum) = tens.addingReportingOverflow(Int(byte &- UInt8(ascii: "0")))
      overflowed = overTens || overSum
      total = sum
    }
    self = overflowed ? .tooLarge : .value(total)
  }

  /// The value, or `Int.max` for one too large: right where any bound is a limit the number
  /// passes anyway (a byte position past every file's end).
  package var saturated: Int {
    switch self {
    case .value(let number): number
    case .tooLarge: .max
    }
  }
}
