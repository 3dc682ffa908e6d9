import ArgumentParser
import Foundation
import MVVMWeb

/// Where `serve` listens: a TCP host and port, or a unix socket.
struct ListenOptions: ParsableArguments {
  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The TCP port to listen on (default 8080, or the PORT environment variable).")
  var port: Int?

  @Option(
    name: .customLong("unix-socket"),
    help: ArgumentHelp(
      "Listen on this unix domain socket instead of TCP; a stale socket file is replaced, the socket is made mode 0660.",
      valueName: "path"))
  var unixSocket: String?

  @Option(
    name: .customLong("socket-group"),
    help: ArgumentHelp(
      "Give the unix socket to this group (the server must belong to it), so its members, such as nginx's www-data, may connect.",
      valueName: "name"))
  var socketGroup: String?

  func validate() throws {
    if let port, !(0...65535).contains(port) {
      throw ValidationError("--port must be from 0 to 65535, not \(port)")
    }
    if port == nil, let text = ProcessInfo.processInfo.environment["PORT"],
      !(Int(text).map { (0...65535).contains($0) } ?? false)
    {
      throw ValidationError("the PORT environment variable must be a port number from 0 to 65535")
    }
    if socketGroup != nil, unixSocket == nil {
      throw ValidationError("--socket-group needs --unix-socket")
    }
  }

  /// The server's address.
  var address: ServerConfiguration.Address {
    if let unixSocket { return .unix(path: unixSocket, group: socketGroup) }
    let port = port ?? ProcessInfo.processInfo.environment["PORT"].flatMap { Int($0) } ?? 8080
    return .tcp(host: host, port: port)
  }

  /// Whether only this machine can connect: a loopback host, or a unix socket.
  var isLocal: Bool { unixSocket != nil || AllowedHosts.isLoopback(host) }

  /// The address a person at this machine opens, for a link printed on the terminal:
  /// `localhost` for a loopback host, the README's address, whose cookies are not
  /// 127.0.0.1's and where browsers allow passkeys (never on an IP address); nil for a unix
  /// socket, which only the proxy in front opens.
  func browserURL(port: Int) -> String? {
    if unixSocket != nil { return nil }
    return AllowedHosts.isLoopback(host) ? "http://localhost:\(port)" : url(port: port)
  }

  /// The address as a person opens it.
  func url(port: Int) -> String {
    if let unixSocket { return "unix:\(unixSocket)" }
    return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
  }
}
