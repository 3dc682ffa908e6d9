/// One decoded CBOR data item of the subset WebAuthn uses (RFC 8949, definite lengths only):
/// integers, byte and text strings, arrays, maps keyed by integers or text, and booleans.
enum CBORValue: Hashable, Sendable {
  /// Major type 0: an unsigned integer.
  case unsigned(UInt64)
  /// Major type 1: the integer -1 - n.
  case negative(UInt64)
  /// Major type 2.
  case bytes([UInt8])
  /// Major type 3, valid UTF-8.
  case text(String)
  /// Major type 4.
  case array([CBORValue])
  /// Major type 5; keys are unique integers or text.
  case map([CBORValue: CBORValue])
  /// Simple values 20 and 21.
  case bool(Bool)

  /// The integer, if it is one that fits an `Int` (COSE labels and algorithm identifiers do).
  var int: Int? {
    switch self {
    case .unsigned(let value): Int(exactly: value)
    // -1 - n, with n at most Int.max: at least Int.min, so it cannot overflow.
    case .negative(let value): Int(exactly: value).map { -1 - $0 }
    default: nil
    }
  }

  var bytes: [UInt8]? {
    if case .bytes(let value) = self { value } else { nil }
  }

  var text: String? {
    if case .text(let value) = self { value } else { nil }
  }

  var map: [CBORValue: CBORValue]? {
    if case .map(let value) = self { value } else { nil }
  }
}

extension CBORValue {
  /// The CBOR integer `value`, for map lookups by COSE label.
  init(_ value: Int) {
    // Both conversions are of a non-negative Int (-1 - value is at most Int.max), so neither traps.
    self = value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))  // trap-ok
  }
}
