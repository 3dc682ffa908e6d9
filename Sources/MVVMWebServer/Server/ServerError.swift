/// Why the server could not start listening.
public enum ServerError: Error, CustomStringConvertible, Equatable {
  /// Another process listens on this address already.
  case addressInUse(String)
  /// The address could not be listened on, for `reason` (a unix socket's folder missing, a port it
  /// may not use).
  case cannotListen(String, reason: String)

  public var description: String {
    switch self {
    case .addressInUse(let address):
      "\(address) is already in use: stop the other server or pick another port with --port."
    case .cannotListen(let address, let reason):
      "Cannot listen on \(address): \(reason)."
    }
  }
}
