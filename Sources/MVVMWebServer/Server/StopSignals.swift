import Glibc
import Synchronization

/// SIGTERM and SIGINT, caught from the moment one of these is made until it is let go: a signal
/// that comes before `wait()` is kept for it, never lost.
///
/// Why not Dispatch's signal sources: they need the signal's default action set aside first,
/// and register with Dispatch's manager thread some time after `resume()`. A signal in between
/// was dropped, and the server never stopped: a supervisor that stops a server just after it
/// answered its first request saw that. Here the handler is the kernel's from `init` on, and it
/// only writes a byte to a pipe (all a handler may safely do), which `wait()` reads.
public final class StopSignals: Sendable {
  private let readEnd: Int32
  private let writeEnd: Int32

  /// Catches the two signals from now on; throws when the process has no descriptor left for
  /// the pipe.
  public init() throws(ServerError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw .cannotListen("SIGTERM and SIGINT", reason: String(cString: strerror(errno)))
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // A full pipe must not block the handler: one byte waiting is enough to stop.
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    stopSignalWriter.store(writeEnd, ordering: .sequentiallyConsistent)
    for number in Self.numbers {
      signal(number) { _ in
        let saved = errno  // The interrupted code may be about to read it.
        var byte: UInt8 = 1
        let writer = stopSignalWriter.load(ordering: .sequentiallyConsistent)
        if writer >= 0 { _ = write(writer, &byte, 1) }
        errno = saved
      }
    }
  }

  deinit {
    for number in Self.numbers { signal(number, SIG_DFL) }
    stopSignalWriter.store(-1, ordering: .sequentiallyConsistent)
    close(readEnd)
    close(writeEnd)
  }

  static let numbers = [SIGTERM, SIGINT]

  /// Blocks until SIGTERM or SIGINT arrives: at once for one that came since `init`.
  public func wait() {
    var byte: UInt8 = 0
    while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
  }
}

/// The pipe the handler writes to, -1 when no `StopSignals` is catching. An atomic: the handler
/// may run on any thread, and a lock-free load is safe in it.
private let stopSignalWriter = Atomic<Int32>(-1)
