import Foundation

/// The peers whose forwarding headers the app believes: CIDR blocks, and `unix` for whatever
/// connects through the unix socket (only the proxy can reach its file). Everyone else's
/// `X-Forwarded-*` and `Forwarded` headers are ignored, so a client cannot spoof its address.
public struct TrustedProxies: Sendable, Equatable {
  var networks: [IPNetwork]
  var trustsUnixSocket: Bool

  /// Loopback and the unix socket: a proxy on the same machine.
  public static let loopback = TrustedProxies(
    networks: [IPNetwork(cidr: "127.0.0.0/8")!, IPNetwork(cidr: "::1/128")!],
    trustsUnixSocket: true)

  /// Nothing is trusted: forwarding headers are always ignored.
  public static let none = TrustedProxies(networks: [], trustsUnixSocket: false)

  init(networks: [IPNetwork], trustsUnixSocket: Bool) {
    self.networks = networks
    self.trustsUnixSocket = trustsUnixSocket
  }

  /// Parses `--trusted-proxy` values: CIDRs or addresses, and the word `unix`. Each value may
  /// itself be a comma-separated list. Throws naming the first value that is neither.
  public init(specifications: [String]) throws(InvalidProxySpecification) {
    var networks: [IPNetwork] = []
    var unix = false
    for specification in specifications {
      let items = specification.split(separator: ",", omittingEmptySubsequences: false)
      for item in items {
        let item = item.trimmingCharacters(in: .whitespaces)
        if item == "unix" {
          unix = true
        } else if let network = IPNetwork(cidr: item) {
          networks.append(network)
        } else {
          throw InvalidProxySpecification(value: item)
        }
      }
    }
    self.init(networks: networks, trustsUnixSocket: unix)
  }

  func trusts(_ address: IPAddress) -> Bool {
    networks.contains { $0.contains(address) }
  }

  func trusts(_ peer: ProxyPeer) -> Bool {
    switch peer {
    case .unixSocket: trustsUnixSocket
    case .ip(let text): IPAddress(text).map(trusts) ?? false
    }
  }
}

/// A `--trusted-proxy` value that is neither a CIDR block, an address nor `unix`.
public struct InvalidProxySpecification: Error, Equatable, CustomStringConvertible {
  /// The value as given.
  public var value: String
  /// What is wrong, and what a good value looks like.
  public var description: String {
    "'\(value)' is not a CIDR block (like 10.0.0.0/8), an IP address or the word unix"
  }
}
