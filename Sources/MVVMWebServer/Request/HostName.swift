/// The `Host` value rules (RFC 9112 §3.2, RFC 3986 §3.2.2), kept narrow: a name or IPv4 address of
/// letters, digits, `-`, `.`, `_` and `~`, or a bracketed IPv6 address, with an optional port.
/// Lists, spaces, userinfo (`user@host`), paths and empty names are not hosts.
package enum HostName {
  /// Whether `value` is a host with an optional `:port`.
  package static func isValidWithPort(_ value: some StringProtocol) -> Bool {
    // Over the string's bytes where they lie: every request's Host passes here, and an array of
    // them cost an allocation.
    value.withHeaderBytes { isValidWithPort($0[...]) }
  }

  private static func isValidWithPort(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    // The port's colon is the last one after the host: after `]` for an IPv6 literal.
    let hostEnd =
      bytes.first == UInt8(ascii: "[")
      ? bytes.firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? bytes.endIndex
      : bytes.firstIndex(of: .colon) ?? bytes.endIndex
    let rest = bytes[hostEnd...]
    if let colon = rest.first {
      let port = rest.dropFirst()
      guard colon == .colon, !port.isEmpty, port.count <= 5, port.allSatisfy(\.isDigit) else {
        return false
      }
    }
    return isValid(bytes[..<hostEnd])
  }

  /// Whether `value` is a host without a port.
  package static func isValid(_ value: some StringProtocol) -> Bool {
    value.withHeaderBytes { isValid($0[...]) }
  }

  /// `value` without a trailing `:port` (a bracketed IPv6 address keeps its colons).
  package static func withoutPort(_ value: String) -> Substring {
    Substring(withoutPort(bytes: value.utf8))
  }

  /// The bytes of a `Host` value without its trailing `:port`, for a caller reading a host by
  /// byte on every request. Of a concrete type: another module's call to a generic one ran it
  /// unspecialized, at thousands of instructions a request.
  package static func withoutPort(
    _ value: UnsafeBufferPointer<UInt8>
  ) -> Slice<UnsafeBufferPointer<UInt8>> {
    withoutPort(bytes: value)
  }

  private static func withoutPort<Bytes: Collection<UInt8>>(bytes value: Bytes) -> Bytes.SubSequence
  {
    if value.first == UInt8(ascii: "[") {
      return value.firstIndex(of: UInt8(ascii: "]")).map { value[...$0] } ?? value[...]
    }
    return value.firstIndex(of: UInt8(ascii: ":")).map { value[..<$0] } ?? value[...]
  }

  private static func isValid(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    guard !host.isEmpty, host.count <= 255 else { return false }
    if host.first == UInt8(ascii: "[") {
      // An IPv6 literal: hex digits, colons and dots (an embedded IPv4) between brackets.
      guard host.count > 2, host.last == UInt8(ascii: "]") else { return false }
      return host.dropFirst().dropLast().allSatisfy {
        $0 == .colon || $0 == .dot || PercentDecoding.hexValue($0) != nil
      }
    }
    return host.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), .dot, UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        true
      default: false
      }
    }
  }
}
