import Foundation
import Synchronization

/// A private PostgreSQL server for the tests: `initdb` in a temporary folder, listening only on a
/// unix socket there, started on first use and stopped when the test process exits. PostgreSQL
/// refuses to run as root, so under root (CI) it runs as the `postgres` user Debian's package
/// creates. Nothing assumes a server already running. Each test asks for a database of its own.
/// A test that must do to a server what others may not see (pause it) starts one of its own.
public final class PostgresTestServer: Sendable {
  /// The one server of this test process, or why it could not start (the tests that need it
  /// fail with that reason: they are never skipped).
  public static let shared = Result { try PostgresTestServer() }

  /// A server for the caller alone, for a test that does to it what no other test may see
  /// (pausing it): `stop()` it at the end; one the test left running stops at exit.
  public static func makePrivate() throws -> PostgresTestServer { try PostgresTestServer() }

  public let folder: String
  /// The data folder: its `postmaster.pid` names the server's process.
  public let data: String
  private let binaries: String
  private let databases = Mutex(0)

  private init() throws {
    binaries = try Self.binaryFolder()
    folder = NSTemporaryDirectory() + "mvvmweb-pg-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    if getuid() == 0 {
      try Self.run("/bin/chown", ["postgres:postgres", folder])
    }
    data = folder + "/data"
    try asServerUser(
      "\(binaries)/initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"])
    try asServerUser(
      "\(binaries)/pg_ctl",
      [
        "-D", data, "-l", folder + "/server.log", "-w", "-o",
        "-k \(folder) -c listen_addresses= -c fsync=off -c max_connections=200", "start",
      ])
    Self.running.withLock { $0.append((binaries, data, folder)) }
    _ = Self.stopsAtExit
  }

  /// The servers started and not stopped yet: (binaries, data, folder).
  private static let running = Mutex<[(String, String, String)]>([])

  /// Stops at exit every server still running; registered once, by the first server.
  private static let stopsAtExit: Void = {
    atexit {
      // A static, not a capture: atexit takes a C function.
      let left = PostgresTestServer.running.withLock { running in
        defer { running = [] }
        return running
      }
      for (binaries, data, folder) in left {
        try? PostgresTestServer.stop(binaries: binaries, data: data)
        try? FileManager.default.removeItem(atPath: folder)
      }
    }
  }()

  /// The postmaster's process id: the first line of `postmaster.pid`.
  public func postmasterID() throws -> pid_t {
    let text = try String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8)
    guard let line = text.split(separator: "\n").first, let pid = pid_t(line) else {
      throw PostgresTestServerError("\(data)/postmaster.pid names no process: \(text)")
    }
    return pid
  }

  /// Stops the server now (fast: its data is thrown away) and removes its folder.
  public func stop() throws {
    let wasRunning = Self.running.withLock { running in
      let before = running.count
      running.removeAll { $0.2 == folder }
      return running.count < before
    }
    guard wasRunning else { return }
    try Self.stop(binaries: binaries, data: data)
    try FileManager.default.removeItem(atPath: folder)
  }

  /// The URL of a new, empty database.
  public func freshDatabase() throws -> String {
    let number = databases.withLock { count in
      count += 1
      return count
    }
    let name = "test_\(getpid())_\(number)"
    try Self.run(
      "\(binaries)/createdb", ["-h", folder, "-U", "postgres", name])
    return url(database: name)
  }

  /// A URL for `database` on this server's socket.
  public func url(database: String) -> String {
    "postgresql:///\(database)?host=\(folder)&user=postgres"
  }

  private func asServerUser(_ tool: String, _ arguments: [String]) throws {
    if getuid() == 0 {
      try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", tool] + arguments)
    } else {
      try Self.run(tool, arguments)
    }
  }

  private static func stop(binaries: String, data: String) throws {
    let arguments = ["-D", data, "-m", "immediate", "stop"]
    if getuid() == 0 {
      try run("/usr/sbin/runuser", ["-u", "postgres", "--", "\(binaries)/pg_ctl"] + arguments)
    } else {
      try run("\(binaries)/pg_ctl", arguments)
    }
  }

  /// Where Debian keeps the server's programs (`initdb` is not on the PATH).
  private static func binaryFolder() throws -> String {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    guard
      let newest = versions.compactMap(Int.init).max(),
      FileManager.default.isExecutableFile(atPath: "\(root)/\(newest)/bin/initdb")
    else {
      throw PostgresTestServerError("PostgreSQL is not installed (apt-get install postgresql)")
    }
    return "\(root)/\(newest)/bin"
  }

  /// Runs a tool and waits for it with `posix_spawn` and `waitpid`. Not Foundation's `Process`:
  /// it notices an exit when a descriptor the child holds closes, and the server `pg_ctl` starts
  /// inherits that descriptor and keeps it open, so the wait would last as long as the server.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let outputPath = NSTemporaryDirectory() + "mvvmweb-pg-output-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw PostgresTestServerError(
        "\(tool) could not start: \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    // Exited normally with status 0: the low 7 bits (the signal) and the exit code are zero.
    guard status == 0 else {
      throw PostgresTestServerError("\(tool) \(arguments.joined(separator: " ")) failed: \(text)")
    }
    return text
  }
}

public struct PostgresTestServerError: Error, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
