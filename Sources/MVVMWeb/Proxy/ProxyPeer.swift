/// Who is at the other end of a connection, as far as the proxy rules care.
package enum ProxyPeer: Sendable, Equatable {
  /// A TCP peer at this address.
  case ip(String)
  /// A peer on the unix socket: the reverse proxy on the same machine.
  case unixSocket
}
