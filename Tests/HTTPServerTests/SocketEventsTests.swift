import Dispatch
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

/// The epoll set behind every connection, on a real socket pair: what it reports, and that it
/// lets go of what it watched.
@Suite struct SocketEventsTests {
  /// Records each event's hang-up flag, in order (up to 100, should the set flood it).
  final class Recorder: SocketWatcher {
    let events = Mutex<[Bool]>([])
    func socketReady(hungUp: Bool) {
      events.withLock { if $0.count < 100 { $0.append(hungUp) } }
    }
    var count: Int { events.withLock { $0.count } }
  }

  /// A connected pair of stream sockets: ours (watched) and the peer's.
  private func socketPair() throws -> (ours: Int32, peer: Int32) {
    var fds: [Int32] = [-1, -1]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    return (fds[0], fds[1])
  }

  @Test func eachArrivalIsToldOnceAndAHangUpSaysSo() throws {
    let events = try SocketEvents<Recorder>(target: .global())
    defer { events.stop() }
    let (ours, peer) = try socketPair()
    defer { close(ours) }
    let recorder = Recorder()
    #expect(events.watch(ours, for: recorder))
    // Registered writable: one event, then none until something changes.
    #expect(eventually { recorder.count == 1 })
    #expect(write(peer, "a", 1) == 1)
    #expect(eventually { recorder.count == 2 })
    // Edge-triggered: unread bytes raise no event of their own, new ones do.
    #expect(write(peer, "b", 1) == 1)
    #expect(eventually { recorder.count == 3 })
    close(peer)
    #expect(eventually { recorder.count == 4 })
    usleep(50_000)
    #expect(recorder.events.withLock { $0 } == [false, false, false, true])
    events.unwatch(ours, for: recorder)
  }

  @Test func anUnwatchedSocketIsToldNothingAndItsWatcherIsFreed() throws {
    let events = try SocketEvents<Recorder>(target: .global())
    defer { events.stop() }
    let (ours, peer) = try socketPair()
    defer {
      close(ours)
      close(peer)
    }
    weak var freed: Recorder?
    do {
      let recorder = Recorder()
      freed = recorder
      #expect(events.watch(ours, for: recorder))
      #expect(eventually { recorder.count == 1 })
      events.unwatch(ours, for: recorder)
      #expect(write(peer, "a", 1) == 1)
      usleep(50_000)
      #expect(recorder.count == 1)
    }
    // The set's reference is dropped on its queue, after any batch it had taken.
    #expect(eventually { freed == nil })
  }
}
