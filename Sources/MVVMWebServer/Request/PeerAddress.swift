/// The other end of a connection.
public enum PeerAddress: Sendable, Equatable {
  case ip(String, port: Int)
  case unix

  /// The address as the access log shows it.
  public var host: String {
    switch self {
    case .ip(let address, _): address
    case .unix: "unix"
    }
  }
}
