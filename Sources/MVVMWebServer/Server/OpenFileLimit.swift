import Glibc
import Logging

/// The open-files limit (`ulimit -n`) and the connections it allows. Each connection is a
/// descriptor, so `--max-connections` above the limit cannot be reached: the connections past it
/// would wait in the listen queue unanswered while the server refused one now and then at
/// `EMFILE`. At start the soft limit is raised toward the hard one (a shell's soft limit is often
/// 1024 while the hard limit allows far more), and the connection limit is clamped to what is
/// left, so a connection over it gets its 503 at once.
package enum OpenFileLimit {
  /// Descriptors kept for the process itself: standard streams, the listener, the epoll set and
  /// its spare, the database's files (a pool's connections, each with its WAL), logs, static
  /// files, and a margin.
  package static let reserve = 64

  /// Raises the soft limit to fit `asked` connections if the hard limit allows, and returns the
  /// connections that fit, saying in one notice when that is fewer than asked.
  package static func connections(fitting asked: Int, logger: Logger) -> Int {
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return asked }
    let (wanted, overflow) = UInt(clamping: asked).addingReportingOverflow(UInt(reserve))
    let needed = overflow ? rlim_t.max : rlim_t(wanted)
    if limit.rlim_cur < needed {
      limit.rlim_cur = min(needed, limit.rlim_max)
      _ = setrlimit(resource, &limit)
      _ = getrlimit(resource, &limit)
    }
    let used = connections(fitting: asked, softLimit: limit.rlim_cur)
    if used < asked {
      logger.notice(
        """
        --max-connections \(asked) is more than the open-files limit allows (ulimit -n \
        \(limit.rlim_cur), hard limit \(limit.rlim_max), \(reserve) kept for the server's own \
        files): serving at most \(used) connections; raise the hard limit (LimitNOFILE= in the \
        systemd unit, or ulimit -Hn as root) to allow more
        """)
    }
    return used
  }

  /// The connections that fit under a soft limit of `softLimit` descriptors: all `asked`, or
  /// what is left after the reserve (at least one, so the server still answers).
  static func connections(fitting asked: Int, softLimit: rlim_t) -> Int {
    let available = Int(clamping: softLimit) - reserve
    return max(1, min(asked, available))
  }
}
