import Glibc

/// An IPv4 or IPv6 address as bytes, so networks can be matched by prefix. IPv4-mapped IPv6
/// addresses (`::ffff:127.0.0.1`) compare as their IPv4 form, since dual-stack sockets report them.
struct IPAddress: Equatable, Sendable, CustomStringConvertible {
  /// 4 bytes for IPv4, 16 for IPv6.
  let bytes: [UInt8]

  init?(_ text: some StringProtocol) {
    var text = String(text)
    if let zone = text.firstIndex(of: "%") { text = String(text[..<zone]) }
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      bytes = withUnsafeBytes(of: &v4) { Array($0) }
      return
    }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
    let all = withUnsafeBytes(of: &v6) { Array($0) }
    let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]
    bytes = Array(all.prefix(12)) == mappedPrefix ? Array(all.suffix(4)) : all
  }

  var description: String {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let family = bytes.count == 4 ? AF_INET : AF_INET6
    let written = bytes.withUnsafeBytes { raw in
      inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
    }
    guard written != nil else { return "?" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
