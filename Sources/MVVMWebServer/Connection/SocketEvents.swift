import CMVVMWebEpoll
import Dispatch
import Glibc

/// What `SocketEvents` tells about a socket it watches.
protocol SocketWatcher: AnyObject, Sendable {
  /// The socket has something to read or room to write. Called on the set's queue;
  /// edge-triggered, so the watcher must read until the socket is empty. `readToTheEnd` says a
  /// short read may not have emptied it: the peer hung up or the socket failed (no later event
  /// will tell), or urgent data came (TCP ends a read at the urgent mark, bytes behind it unread).
  func socketReady(readToTheEnd: Bool)
}

/// Tells connections when their socket has something to read or room to write: one epoll set
/// holds every connection's socket, edge-triggered, and one Dispatch read source watches the set.
///
/// Why not a Dispatch read and write source per connection: on Linux each event of such a source
/// is a round trip through Dispatch's manager thread. The manager asks the socket how much it
/// holds (`ioctl`), disarms it (`epoll_ctl`), wakes a worker, and once the handler has run the
/// worker wakes the manager again (an `eventfd` write) to re-arm it (`epoll_ctl`): five system
/// calls and two thread wake-ups per request, about a third of a small request's CPU. Here a
/// socket is registered once; a wake-up of the set's source hands on every ready connection at
/// once, and each connection reads until `EAGAIN` (which edge-triggering asks of it anyway).
///
/// `@unchecked Sendable`: the descriptor is only used through the kernel's own locking, and the
/// source is Dispatch's.
final class SocketEvents<Watcher: SocketWatcher>: @unchecked Sendable {
  private let epollFD: Int32
  private let source: any DispatchSourceRead
  /// Runs the source's handler and the releases of unwatched connections, in that order, so a
  /// connection is not freed while a batch of events that names it is being handed on. It runs
  /// on the connections' own threads: on a thread of its own (a serial queue's default) it
  /// competed with them for the cores, and p99 at 1,000 connections rose from 35 to 50 ms.
  private let queue: DispatchQueue
  private static var batch: Int32 { 64 }

  init(label: String, target: DispatchQueue) throws(ServerError) {
    queue = DispatchQueue(label: label, target: target)
    epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
    guard epollFD >= 0 else {
      throw .cannotListen("an epoll set", reason: String(cString: strerror(errno)))
    }
    source = DispatchSource.makeReadSource(fileDescriptor: epollFD, queue: queue)
    source.setEventHandler { [self] in handOn() }
    source.setCancelHandler { [epollFD] in Glibc.close(epollFD) }
    source.resume()
  }

  /// Registers a socket. The set holds a reference to its watcher until `unwatch`. Returns false
  /// when the kernel refuses (out of memory or of watches).
  func watch(_ fd: Int32, for watcher: Watcher) -> Bool {
    let reference = Unmanaged.passRetained(watcher)
    var event = epoll_event()
    event.events =
      EPOLLIN.rawValue | EPOLLPRI.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue
      | EPOLLET.rawValue
    event.data.ptr = reference.toOpaque()
    guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
      reference.release()
      return false
    }
    return true
  }

  /// Removes a socket before it is closed, and drops the set's reference to its watcher once any
  /// batch already taken from the kernel has been handed on.
  func unwatch(_ fd: Int32, for watcher: Watcher) {
    epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
    let reference = Unmanaged.passUnretained(watcher)
    queue.async { reference.release() }
  }

  /// Stops watching: the set is closed once its source has finished.
  func stop() {
    source.cancel()
  }

  private func handOn() {
    withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: Int(Self.batch)) { events in
      while true {
        let count = epoll_wait(epollFD, events.baseAddress, Self.batch, 0)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        for event in events.prefix(Int(count)) {
          guard let pointer = event.data.ptr else { continue }
          let toTheEnd =
            event.events
            & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLPRI.rawValue)
          Unmanaged<Watcher>.fromOpaque(pointer).takeUnretainedValue().socketReady(
            readToTheEnd: toTheEnd != 0)
        }
        // A full batch may have left more behind; a short one emptied the set's ready list.
        guard count == Self.batch else { return }
      }
    }
  }
}
