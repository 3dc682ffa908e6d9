/// The other end of a connection.
public enum PeerAddress: Sendable, Equatable {
  /// A TCP peer: its address (IPv4 or IPv6 text) and port.
  case ip(String, port: Int)
  /// A peer on a unix domain socket, which has no address.
  case unix

  /// The address as the access log shows it.
  public var host: String {
    switch self {
    case .ip(let address, _): address
    case .unix: "unix"
    }
  }
}
