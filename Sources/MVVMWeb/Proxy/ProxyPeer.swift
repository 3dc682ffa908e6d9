/// Who is at the other end of a connection, as far as the proxy rules care.
public enum ProxyPeer: Sendable, Equatable {
  case ip(String)
  case unixSocket
}
