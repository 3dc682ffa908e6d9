/// A block of addresses written in CIDR notation (`10.0.0.0/8`, `fd00::/8`); a bare address is a
/// block of one.
struct IPNetwork: Equatable, Sendable {
  let base: IPAddress
  let prefixLength: Int

  init?(cidr: String) {
    let parts = cidr.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count <= 2, let address = IPAddress(parts[0]) else { return nil }
    // `::ffff:10.0.0.0/104` names an IPv4 block; IPAddress already folded the address to IPv4.
    let isMapped = parts[0].contains(":") && address.bytes.count == 4
    let maximum = isMapped ? 128 : address.bytes.count * 8
    if parts.count == 2 {
      guard let length = Int(parts[1]), (0...maximum).contains(length) else { return nil }
      prefixLength = isMapped ? max(0, length - 96) : length
    } else {
      prefixLength = address.bytes.count * 8
    }
    base = address
  }

  func contains(_ address: IPAddress) -> Bool {
    guard address.bytes.count == base.bytes.count else { return false }
    var remaining = prefixLength
    for (mine, theirs) in zip(base.bytes, address.bytes) where remaining > 0 {
      let bits = min(remaining, 8)
      let mask = UInt8(truncatingIfNeeded: 0xff << (8 - bits))
      if mine & mask != theirs & mask { return false }
      remaining -= bits
    }
    return true
  }
}
