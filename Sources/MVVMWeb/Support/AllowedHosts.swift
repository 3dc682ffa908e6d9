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
  /// `ownNames`: what these are depends on where the site is served (`served(at:)`).
  private let fromAddress: Bool

  /// Any host: for a unix socket behind a proxy, which no browser reaches by itself.
  public static let any = AllowedHosts(names: [], allowsAny: true)

  /// The default: the site's own names, taken from the address it is served at
  /// (`WebSite.serverConfiguration(address:)`, see `served(at:)`). On loopback, the loopback's
  /// names and the address itself; on a unix socket, any host (only the proxy in front reaches
  /// it, and checks the names); on another address there is none to take, and the site must be
  /// told its names. Until the address is known, the loopback's names only.
  public static let ownNames = AllowedHosts(
    names: loopbackNames, allowsAny: false, fromAddress: true)

  /// The loopback's own names (`localhost` and its subdomains, `127.0.0.1`, `[::1]`) and the
  /// address the server listens on: the default on loopback. Not any host: a page on another
  /// site whose name is rebound to 127.0.0.1 (DNS rebinding) is same-origin with itself, and
  /// only its `Host` tells it apart.
  public static func loopback(listeningOn host: String) -> AllowedHosts {
    let listening = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    var names = loopbackNames
    if !names.contains(listening.lowercased()) { names.append(listening.lowercased()) }
    return AllowedHosts(names: names, allowsAny: false)
  }

  private static let loopbackNames = ["localhost", ".localhost", "127.0.0.1", "[::1]"]

  private init(names: [String], allowsAny: Bool, fromAddress: Bool = false) {
    self.names = names.map { Array($0.utf8) }
    self.allowsAny = allowsAny
    self.fromAddress = fromAddress
  }

  /// The hosts to allow when the site is served at `address`: these, unless they are
  /// `ownNames`, which become the address's own: on a loopback address (`127.0.0.0/8`, `::1`,
  /// `localhost`) its names, on a unix socket any host. Throws for another address, which
  /// browsers anywhere may reach by names only the deployment knows.
  public func served(
    at address: ServerConfiguration.Address
  ) throws(AllowedHostsRequired) -> AllowedHosts {
    guard fromAddress else { return self }
    switch address {
    case .unix: return .any
    case .tcp(let host, _):
      guard Self.isLoopback(host) else { throw AllowedHostsRequired(host: host) }
      return .loopback(listeningOn: host)
    }
  }

  /// Whether `host`, an address to listen on, is the loopback: no other machine can connect.
  public static func isLoopback(_ host: String) -> Bool {
    let lowered = host.lowercased()
    if lowered == "localhost" || lowered == "::1" || lowered == "[::1]" { return true }
    // 127.x.y.z, written as four plain numbers (not a name that merely starts with "127.").
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
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

/// A site served at an address other than loopback or a unix socket without being told the host
/// names browsers use to reach it (`SiteConfiguration.allowedHosts`): there are none to assume,
/// and any would let a page elsewhere rebind its name to the server (DNS rebinding).
public struct AllowedHostsRequired: Error, Equatable, CustomStringConvertible {
  /// The address the site was to listen on.
  public var host: String

  /// The refusal of a site without hosts to be served on `host`.
  public init(host: String) {
    self.host = host
  }

  /// What is wrong, and what to set.
  public var description: String {
    "serving on \(host), a site must be told the host names browsers use to reach it: set its "
      + "allowed hosts (SiteConfiguration.allowedHosts, e.g. AllowedHosts(specifications: "
      + "[\"example.com\"]), or .any behind a proxy that checks them)"
  }
}
