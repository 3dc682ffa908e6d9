import CMVVMWebEpoll
import Glibc
import Synchronization

/// What `SocketEvents` tells about a socket it watches.
protocol SocketWatcher: AnyObject, Sendable {
  /// The socket has something to read or room to write. Called on one of the set's threads,
  /// where the watcher does the work there and then. Edge-triggered, so the watcher must read
  /// until the socket is empty. `readToTheEnd` says a short read may not have emptied it: the
  /// peer hung up or the socket failed (no later event will tell), or urgent data came (TCP ends
  /// a read at the urgent mark, bytes behind it unread).
  func socketReady(readToTheEnd: Bool)
}

/// Tells connections when their socket has something to read or room to write: one epoll set
/// holds every connection's socket, edge-triggered, and a few threads of its own (one per core)
/// wait on it. The kernel wakes one waiting thread per ready socket, and that thread serves the
/// socket itself (the connection reads, answers and writes on it, through its queue's `sync`), or
/// leaves it to the thread already serving that socket.
///
/// Why not a Dispatch read and write source per connection: on Linux each event of such a source
/// is a round trip through Dispatch's manager thread. The manager asks the socket how much it
/// holds (`ioctl`), disarms it (`epoll_ctl`), wakes a worker, and once the handler has run the
/// worker wakes the manager again (an `eventfd` write) to re-arm it (`epoll_ctl`): five system
/// calls and two thread wake-ups per request.
///
/// Why not one Dispatch source for the whole set, handing each socket on to a worker: every
/// wake-up of that source made the same round trip through the manager, and at a few hundred
/// requests a second each request comes alone, so it paid three wake-ups (the manager twice, a
/// worker) for each. Here a request that comes alone wakes one thread, which answers it; under
/// full load the threads never sleep, and there are no more of them than cores, so they do not
/// take turns on a core mid-request (one thread serving the last socket of each batch beside
/// Dispatch's workers raised p99 by half).
///
/// A handler that runs long holds its thread, as it held a Dispatch worker: store calls belong
/// on a store's threads (`StoreWork`), waits in tasks (`Response.task`).
///
/// `@unchecked Sendable`: the descriptors are only used through the kernel's own locking, and
/// what else changes is behind `slots`' lock.
final class SocketEvents<Watcher: SocketWatcher>: @unchecked Sendable {
  /// Names a watched socket in the set: its watcher's slot, and that slot's generation, so an
  /// event taken from the kernel just before its socket was unwatched finds no one, even when
  /// the slot has a new watcher by then.
  struct Token: Equatable, Sendable {
    fileprivate let value: UInt64
  }

  private struct Slots {
    var watchers: [Watcher?] = []
    var generations: [UInt32] = []
    var free: [Int] = []
    var stopping = false
    /// Threads still running; the last one out closes the set.
    var running = 0

    mutating func take(_ watcher: Watcher) -> Token {
      let index: Int
      if let reused = free.popLast() {
        index = reused
      } else {
        index = watchers.count
        watchers.append(nil)
        generations.append(0)
      }
      generations[index] &+= 1
      watchers[index] = watcher
      return Token(value: UInt64(generations[index]) << 32 | UInt64(index))
    }

    mutating func give(back token: Token) {
      // Given back once: a second time would put the slot on `free` twice.
      guard let index = index(of: token), watchers[index] != nil else { return }
      watchers[index] = nil
      free.append(index)
    }

    func watcher(for token: Token) -> Watcher? {
      index(of: token).flatMap { watchers[$0] }
    }

    private func index(of token: Token) -> Int? {
      let index = Int(truncatingIfNeeded: token.value & 0xFFFF_FFFF)
      guard index < generations.count,
        generations[index] == UInt32(truncatingIfNeeded: token.value >> 32)
      else { return nil }
      return index
    }
  }

  private let epollFD: Int32
  /// Wakes the threads from their wait, to stop: level-triggered, so each of them sees it.
  private let wakeFD: Int32
  private let slots = Mutex(Slots())
  /// The event data of the wake-up, which names no slot.
  private static var wakeKey: UInt64 { .max }

  /// Starts `threads` threads, named `name` (at most 15 bytes are kept).
  init(name: String, threads: Int) throws(ServerError) {
    epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
    guard epollFD >= 0 else {
      throw .cannotListen("an epoll set", reason: String(cString: strerror(errno)))
    }
    wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    var wake = epoll_event()
    wake.events = EPOLLIN.rawValue
    wake.data.u64 = Self.wakeKey
    guard wakeFD >= 0, epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &wake) == 0 else {
      let reason = String(cString: strerror(errno))
      if wakeFD >= 0 { Glibc.close(wakeFD) }
      Glibc.close(epollFD)
      throw .cannotListen("an eventfd for the epoll set", reason: reason)
    }
    for _ in 0..<max(1, threads) {
      slots.withLock { $0.running += 1 }
      let started = OwnThread.start(named: name) { [self] in waitAndServe() }
      if started != 0 {
        let last = slots.withLock { slots in
          slots.running -= 1
          return slots.running == 0
        }
        // Threads already started serve on; with none, the set cannot work.
        guard last else { break }
        Glibc.close(wakeFD)
        Glibc.close(epollFD)
        throw .cannotListen("the epoll set's threads", reason: String(cString: strerror(started)))
      }
    }
  }

  /// Registers a socket. The set holds a reference to its watcher until `unwatch`. Returns nil
  /// when the kernel refuses (out of memory or of watches).
  func watch(_ fd: Int32, for watcher: Watcher) -> Token? {
    let token = slots.withLock { $0.take(watcher) }
    var event = epoll_event()
    event.events =
      EPOLLIN.rawValue | EPOLLPRI.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue
      | EPOLLET.rawValue
    event.data.u64 = token.value
    guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
      slots.withLock { $0.give(back: token) }
      return nil
    }
    return token
  }

  /// Removes a socket before it is closed, and drops the set's reference to its watcher. A
  /// thread that took the socket's event just before still holds the watcher while it serves.
  func unwatch(_ fd: Int32, _ token: Token) {
    epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
    slots.withLock { $0.give(back: token) }
  }

  /// Stops watching: the threads end and the last one closes the set. Called once no socket is
  /// watched.
  func stop() {
    slots.withLock { slots in
      guard !slots.stopping else { return }
      slots.stopping = true
      // Under the lock: the last thread out closes the descriptor, after taking this lock.
      guard slots.running > 0 else { return }
      var one: UInt64 = 1
      _ = write(wakeFD, &one, MemoryLayout<UInt64>.size)
    }
  }

  /// A thread's life: wait for a ready socket and serve it, until stopped.
  private func waitAndServe() {
    // One ready socket at a time: a thread serves what it takes, so taking more would leave
    // sockets waiting behind one another while another thread sleeps.
    var event = epoll_event()
    while true {
      let count = epoll_wait(epollFD, &event, 1, -1)
      if count < 0 && errno == EINTR { continue }
      // A failed wait cannot recover (the set is gone): end as if stopped.
      guard count == 1 else { break }
      // The wake-up is only ever sent to stop (it stays readable, so every thread sees it).
      if event.data.u64 == Self.wakeKey { break }
      guard let watcher = slots.withLock({ $0.watcher(for: Token(value: event.data.u64)) })
      else { continue }
      let toTheEnd =
        event.events
        & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLPRI.rawValue)
      watcher.socketReady(readToTheEnd: toTheEnd != 0)
    }
    let last = slots.withLock { slots in
      slots.running -= 1
      return slots.running == 0
    }
    if last {
      Glibc.close(wakeFD)
      Glibc.close(epollFD)
    }
  }
}
