import Foundation
import Logging
import MVVMWebServer

/// Starts a server on an ephemeral loopback port with its log off; tweak the configuration in
/// `configure`. Call `shutdown()` when done.
public func startTestServer(
  responder: any Responder, configure: (inout ServerConfiguration) -> Void = { _ in }
) throws -> HTTPServer {
  var configuration = ServerConfiguration(
    address: .tcp(host: "127.0.0.1", port: 0),
    logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
  configure(&configuration)
  let server = HTTPServer(configuration: configuration, responder: responder)
  try server.start()
  return server
}

/// How many descriptors this process holds for TCP sockets on `port` (the listener and every
/// accepted connection), read from /proc, to prove connections leak none. Counting only this
/// port keeps the figure exact while other tests run in parallel.
public func openSocketCount(localPort port: Int) -> Int {
  let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  let socketInodes = fds.compactMap { fd -> String? in
    guard
      let target = try? FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/fd/\(fd)"),
      target.hasPrefix("socket:[")
    else { return nil }
    return String(target.dropFirst(8).dropLast())
  }
  let hexPort = ":" + String(format: "%04X", port)
  var inodesOnPort = Set<String>()
  for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
    let text = (try? String(contentsOfFile: table, encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n").dropFirst() {
      let columns = line.split(separator: " ")
      guard columns.count > 9, columns[1].hasSuffix(hexPort) else { continue }
      inodesOnPort.insert(String(columns[9]))
    }
  }
  return socketInodes.filter(inodesOnPort.contains).count
}

/// Waits, polling, until `condition` holds or `seconds` pass; returns whether it held.
public func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    usleep(10_000)
  }
  return condition()
}
