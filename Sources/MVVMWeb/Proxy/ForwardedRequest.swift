import Foundation
import MVVMWebServer

/// What a request looked like where it entered the deployment: the real client, the scheme and
/// host the browser used, and the path prefix the proxy serves the app under. Links, redirects,
/// the access log and the cross-site check all use these, not the proxy's own hop.
package struct ForwardedRequest: Sendable, Equatable {
  /// The client's address: the peer's, or the one a trusted proxy forwarded.
  package var clientAddress: String
  /// `http` or `https` as the browser used it, when a trusted proxy said.
  package var scheme: String?
  /// The host the browser asked for, when a trusted proxy said.
  package var host: String?
  /// The path prefix the proxy serves the app under (`/league`), when it said.
  package var prefix: String?
  /// The proxy's `X-Request-Id`, when it is a plain token, so one id follows the request through
  /// the proxy's log and ours.
  package var requestID: String?

  /// A request as it entered the deployment; what a proxy did not say is nil.
  package init(
    clientAddress: String, scheme: String? = nil, host: String? = nil, prefix: String? = nil,
    requestID: String? = nil
  ) {
    self.clientAddress = clientAddress
    self.scheme = scheme
    self.host = host
    self.prefix = prefix
    self.requestID = requestID
  }

  /// Believes the forwarding headers only when `peer` is a trusted proxy. The client is the
  /// rightmost address that is not itself a trusted proxy (each proxy appends the hop it saw, and
  /// anything to the left of the first untrusted hop may be forged). `Forwarded` (RFC 7239) wins
  /// over `X-Forwarded-For`/`-Proto`/`-Host` when present and well-formed.
  package static func resolve(
    peer: ProxyPeer, trusted: TrustedProxies, header: (String) -> String?
  ) -> ForwardedRequest {
    let peerText: String
    switch peer {
    case .ip(let address): peerText = address
    case .unixSocket: peerText = "unix"
    }
    let forwarded = header("forwarded")
    let forwardedFor = header("x-forwarded-for")
    let forwardedProto = header("x-forwarded-proto")
    let forwardedHost = header("x-forwarded-host")
    let forwardedPrefix = header("x-forwarded-prefix")
    let requestID = header("x-request-id")
    // A request that carries none of the headers has nothing to believe: the peer's address is
    // not even parsed (most requests, when no proxy is in front).
    let carriesAny =
      forwarded != nil || forwardedFor != nil || forwardedProto != nil || forwardedHost != nil
      || forwardedPrefix != nil || requestID != nil
    guard carriesAny, trusted.trusts(peer) else { return ForwardedRequest(clientAddress: peerText) }
    var result = ForwardedRequest(clientAddress: peerText)

    if let value = forwarded, let hops = ForwardedElement.parseList(value), !hops.isEmpty {
      let index = clientIndex(hops.map { $0.forNode }, trusted: trusted)
      let hop = hops[index]
      if let node = hop.forNode {
        result.clientAddress = ForwardedElement.address(ofNode: node)?.description ?? node
      }
      result.scheme = hop.proto.flatMap(validScheme)
      result.host = hop.host.flatMap(validHost)
    } else {
      if let value = forwardedFor {
        let nodes = commaList(value)
        if !nodes.isEmpty {
          let node = nodes[clientIndex(nodes, trusted: trusted)]
          result.clientAddress = ForwardedElement.address(ofNode: node)?.description ?? node
        }
      }
      result.scheme = forwardedProto.flatMap { commaList($0).last }.flatMap(validScheme)
      result.host = forwardedHost.flatMap { commaList($0).last }.flatMap(validHost)
    }
    result.prefix = forwardedPrefix.flatMap { commaList($0).last }.flatMap(validPrefix)
    result.requestID = requestID.flatMap(validRequestID)
    return result
  }

  /// The index of the rightmost hop that is not a trusted proxy, or the leftmost when all are.
  private static func clientIndex(_ nodes: [String?], trusted: TrustedProxies) -> Int {
    for index in nodes.indices.reversed() {
      guard let node = nodes[index], let address = ForwardedElement.address(ofNode: node),
        trusted.trusts(address)
      else { return index }
    }
    return nodes.startIndex
  }

  private static func commaList(_ value: String) -> [String] {
    value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty
    }
  }

  private static func validScheme(_ value: String) -> String? {
    let scheme = value.lowercased()
    return scheme == "http" || scheme == "https" ? scheme : nil
  }

  /// A host goes into absolute URLs and the cross-site check: letters, digits, dots, dashes, an
  /// optional port and bracketed IPv6 only.
  private static func validHost(_ value: String) -> String? {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
    return !value.isEmpty && value.count <= 255 && value.allSatisfy(allowed.contains) ? value : nil
  }

  /// A proxy's request id is kept only when it is a plain token (see `RequestID.isAcceptable`).
  package static func validRequestID(_ value: String) -> String? {
    RequestID.isAcceptable(value[...]) ? value : nil
  }

  /// A prefix is prepended to every link: it must be a plain absolute path (`/league`), without a
  /// trailing slash, `..`, `//` or characters that would need escaping.
  package static func validPrefix(_ value: String) -> String? {
    var prefix = value
    while prefix.hasSuffix("/") { prefix.removeLast() }
    if prefix.isEmpty { return "" }
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
    guard prefix.hasPrefix("/"), prefix.allSatisfy(allowed.contains), !prefix.contains("//"),
      !prefix.split(separator: "/").contains(where: { $0 == ".." || $0 == "." })
    else { return nil }
    return prefix
  }
}
