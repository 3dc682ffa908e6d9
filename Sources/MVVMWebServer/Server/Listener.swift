import Glibc

/// Opens the listening socket for an address: non-blocking, close-on-exec, `SO_REUSEADDR` for
/// TCP; for a unix socket, a stale file left by a crashed run is replaced and the socket is made
/// mode 0660 so only its group (the proxy's) can connect.
enum Listener {
  static func open(
    _ address: ServerConfiguration.Address
  ) throws(ServerError) -> (fd: Int32, port: Int) {
    switch address {
    case .tcp(let host, let port): return try openTCP(host: host, port: port)
    case .unix(let path, let group): return (try openUnix(path: path, group: group), 0)
    }
  }

  private static func openTCP(host: String, port: Int) throws(ServerError) -> (fd: Int32, port: Int)
  {
    let name = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var info: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &info)
    guard status == 0, let first = info else {
      throw .cannotListen(name, reason: String(cString: gai_strerror(status)))
    }
    defer { freeaddrinfo(info) }
    let fd = socket(
      first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .cannotListen(name, reason: lastError) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
      let code = errno
      Glibc.close(fd)
      if code == EADDRINUSE { throw .addressInUse("Port \(port) on \(host)") }
      throw .cannotListen(name, reason: String(cString: strerror(code)))
    }
    try listenNonBlocking(fd, name: name)
    var bound = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    withUnsafeMutablePointer(to: &bound) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
    }
    let boundPort = withUnsafePointer(to: &bound) { pointer in
      pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        Int(UInt16(bigEndian: $0.pointee.sin_port))
      }
    }
    return (fd, boundPort)
  }

  private static func openUnix(path: String, group: String?) throws(ServerError) -> Int32 {
    let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)
    guard path.utf8.count < capacity else {
      throw .cannotListen(path, reason: "the socket path is longer than \(capacity - 1) bytes")
    }
    if isStaleSocket(path) { unlink(path) }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .cannotListen(path, reason: lastError) }
    var address = unixAddress(path)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      Glibc.close(fd)
      if code == EADDRINUSE { throw .addressInUse("The unix socket \(path)") }
      throw .cannotListen(path, reason: String(cString: strerror(code)))
    }
    chmod(path, 0o660)
    if let group {
      do throws(ServerError) {
        try setGroup(of: path, to: group)
      } catch {
        Glibc.close(fd)
        unlink(path)
        throw error
      }
    }
    try listenNonBlocking(fd, name: path)
    return fd
  }

  /// Gives the socket file to `group`, which the process must belong to (systemd's
  /// `SupplementaryGroups=`), so that group's members (nginx) can connect.
  private static func setGroup(of path: String, to group: String) throws(ServerError) {
    var entry = Glibc.group()
    var found: UnsafeMutablePointer<Glibc.group>?
    var buffer = [CChar](repeating: 0, count: 16 * 1024)
    let status = getgrnam_r(group, &entry, &buffer, buffer.count, &found)
    guard status == 0 else {
      throw .cannotListen(
        path, reason: "cannot look up group \(group): \(String(cString: strerror(status)))")
    }
    guard let found else { throw .cannotListen(path, reason: "there is no group named \(group)") }
    guard chown(path, uid_t.max, found.pointee.gr_gid) == 0 else {
      throw .cannotListen(
        path,
        reason: "cannot give it to group \(group): \(lastError) (is the server in that group?)")
    }
  }

  /// A socket file nobody answers on is left over from a run that did not clean up. A live one
  /// is kept, so a second instance gets "address in use" instead of stealing the path.
  private static func isStaleSocket(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return false }
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(probe) }
    var address = unixAddress(path)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    return connected != 0
  }

  /// A unix socket address for `path` (already checked to fit).
  private static func unixAddress(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    return address
  }

  private static func listenNonBlocking(_ fd: Int32, name: String) throws(ServerError) {
    guard listen(fd, 1024) == 0 else {
      let reason = lastError
      Glibc.close(fd)
      throw .cannotListen(name, reason: reason)
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }

  private static var lastError: String { String(cString: strerror(errno)) }
}
