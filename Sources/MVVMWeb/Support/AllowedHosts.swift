import Foundation
import MVVMWebServer

/// The host names the app answers for (`--allowed-hosts`). A browser tricked by DNS rebinding
/// sends the attacker's host name; refusing names we do not serve closes that hole, and with it
/// the cross-site check's reliance on `Host`.
public struct AllowedHosts: Sendable, Equatable {
  /// `example.com` matches itself; `.example.com` matches it and every subdomain. Lowercase
  /// ASCII bytes: a host is compared by byte on every request.
  private let names: [[UInt8]]
  private let allowsAny: Bool

  /// Any host: for a unix socket behind a proxy, which no browser reaches by itself.
  public static let any = AllowedHosts(names: [], allowsAny: true)

  /// The loopback's own names (`localhost` and its subdomains, `127.0.0.1`, `[::1]`) and the
  /// address the server listens on: the default on loopback. Not any host: a page on another
  /// site whose name is rebound to 127.0.0.1 (DNS rebinding) is same-origin with itself, and
  /// only its `Host` tells it apart.
  public static func loopback(listeningOn host: String) -> AllowedHosts {
    let listening = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    var names = ["localhost", ".localhost", "127.0.0.1", "[::1]"]
    if !names.contains(listening.lowercased()) { names.append(listening.lowercased()) }
    return AllowedHosts(names: names, allowsAny: false)
  }

  private init(names: [String], allowsAny: Bool) {
    self.names = names.map { Array($0.utf8) }
    self.allowsAny = allowsAny
  }

  /// Parses `--allowed-hosts` values: host names, `.domain` for a domain and its subdomains, or
  /// `*` for any; each value may be a comma-separated list. Throws naming a value that is none.
  public init(specifications: [String]) throws(InvalidHostSpecification) {
    var names: [String] = []
    var any = false
    for item in specifications.flatMap({ $0.split(separator: ",") }) {
      let name = item.trimmingCharacters(in: .whitespaces).lowercased()
      if name == "*" {
        any = true
      } else if !name.isEmpty,
        HostName.isValid(name.hasPrefix(".") ? String(name.dropFirst()) : name)
      {
        names.append(name)
      } else {
        throw InvalidHostSpecification(value: String(item))
      }
    }
    self.init(names: names, allowsAny: any)
  }

  /// Whether `host` (a `Host` value, perhaps with a port) is one the app answers for.
  public func allows(_ host: String?) -> Bool {
    if allowsAny { return true }
    guard var host else { return false }
    // By byte, folding ASCII case only: the allowed names are ASCII (a name in another script
    // travels as punycode), and lowercasing and comparing Strings went through Unicode on
    // every request.
    return host.withUTF8 { bytes in
      let name = HostName.withoutPort(bytes)
      return names.contains { allowed in
        guard allowed.first == UInt8(ascii: ".") else { return Self.equal(name, allowed[...]) }
        return Self.equal(name, allowed.dropFirst())
          || (name.count > allowed.count
            && Self.equal(name.suffix(allowed.count), allowed[...]))
      }
    }
  }

  /// Whether `name` is `allowed` (lowercase) in any ASCII case.
  private static func equal(
    _ name: Slice<UnsafeBufferPointer<UInt8>>, _ allowed: ArraySlice<UInt8>
  ) -> Bool {
    name.count == allowed.count
      && zip(name, allowed).allSatisfy { byte, lower in
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          ? byte | 0x20 == lower : byte == lower
      }
  }
}

/// An `--allowed-hosts` value that is not a host name, `.domain` or `*`.
public struct InvalidHostSpecification: Error, Equatable, CustomStringConvertible {
  /// The value as given.
  public var value: String
  /// What is wrong, and what a good value looks like.
  public var description: String {
    "'\(value)' is not a host name (like example.com), a domain (.example.com) or *"
  }
}
