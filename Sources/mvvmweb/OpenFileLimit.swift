import Glibc
import Logging

/// The open-files limit (`ulimit -n`), raised at start so `--max-connections` can be reached:
/// a shell's soft limit is often 1024 while the hard limit allows far more.
enum OpenFileLimit {
  /// Descriptors needed besides connections: the listener, the database, logs, static files.
  static let reserve = 64

  static func raise(toFit connections: Int, logger: Logger) {
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return }
    let (wanted, overflow) = UInt(clamping: connections).addingReportingOverflow(UInt(reserve))
    let needed = overflow ? rlim_t.max : rlim_t(wanted)
    if limit.rlim_cur < needed {
      limit.rlim_cur = min(needed, limit.rlim_max)
      _ = setrlimit(resource, &limit)
      _ = getrlimit(resource, &limit)
    }
    if limit.rlim_cur < needed {
      logger.notice(
        "open files are limited to \(limit.rlim_cur) (ulimit -n), fewer than --max-connections \(connections) needs; raise the hard limit (LimitNOFILE= in the unit) to reach it"
      )
    }
  }
}
