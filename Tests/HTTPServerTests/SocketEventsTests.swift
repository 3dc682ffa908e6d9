import Dispatch
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import MVVMWebServer

/// The epoll set behind every connection, on a real socket pair: what it reports, and that it
/// lets go of what it watched.
@Suite struct SocketEventsTests {
  /// Records each event's read-to-the-end flag, in order (up to 100, should the set flood it).
  final class Recorder: SocketWatcher {
    let events = Mutex<[Bool]>([])
    /// When given, the first event waits in `socketReady` until it is signalled, holding its
    /// thread as a long answer served there would.
    let gate: DispatchSemaphore?

    init(gate: DispatchSemaphore? = nil) {
      self.gate = gate
    }

    func socketReady(readToTheEnd: Bool) {
      let first = events.withLock { events in
        if events.count < 100 { events.append(readToTheEnd) }
        return events.count == 1
      }
      if first { gate?.wait() }
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
    let events = try SocketEvents<Recorder>(name: "test-sockets", threads: 1)
    defer { events.stop() }
    let (ours, peer) = try socketPair()
    defer { close(ours) }
    let recorder = Recorder()
    let token = try #require(events.watch(ours, for: recorder))
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
    events.unwatch(ours, token)
  }

  /// A listening TCP socket on loopback, and its port: urgent data is TCP's own.
  private func tcpListener() throws -> (fd: Int32, port: Int) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    try withUnsafeMutablePointer(to: &address) { pointer in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        try #require(bind(listener, address, length) == 0 && listen(listener, 1) == 0)
        try #require(getsockname(listener, address, &length) == 0)
      }
    }
    return (listener, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// TCP ends a read at the urgent mark, with bytes behind it still unread: an event that brings
  /// urgent data must say to read to the end, or those bytes wait for the client's next send.
  @Test func urgentDataSaysToReadToTheEnd() throws {
    let events = try SocketEvents<Recorder>(name: "test-sockets", threads: 1)
    defer { events.stop() }
    let listener = try tcpListener()
    defer { close(listener.fd) }
    let peer = try TestClient(port: listener.port)
    let ours = accept(listener.fd, nil, nil)
    try #require(ours >= 0)
    defer { close(ours) }
    _ = fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK)
    let recorder = Recorder()
    let token = try #require(events.watch(ours, for: recorder))
    #expect(eventually { recorder.count == 1 })
    peer.send("a")
    #expect(eventually { recorder.count == 2 })
    #expect(send(peer.fd, "b", 1, Int32(MSG_OOB)) == 1)
    #expect(eventually { recorder.count == 3 })
    usleep(50_000)
    #expect(recorder.events.withLock { $0 } == [false, false, true])
    events.unwatch(ours, token)
  }

  @Test func anUnwatchedSocketIsToldNothingAndItsWatcherIsFreed() throws {
    let events = try SocketEvents<Recorder>(name: "test-sockets", threads: 1)
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
      let token = try #require(events.watch(ours, for: recorder))
      #expect(eventually { recorder.count == 1 })
      events.unwatch(ours, token)
      #expect(write(peer, "a", 1) == 1)
      usleep(50_000)
      #expect(recorder.count == 1)
    }
    // The set's reference is dropped on its thread, after any batch it had taken.
    #expect(eventually { freed == nil })
  }

  /// Each thread serves the socket it was woken for: one held by a long answer leaves the
  /// others to the set's other threads.
  @Test func aSocketHeldByALongAnswerHoldsOnlyItsThread() throws {
    let events = try SocketEvents<Recorder>(name: "test-sockets", threads: 2)
    defer { events.stop() }
    let (held, heldPeer) = try socketPair()
    let (other, otherPeer) = try socketPair()
    defer { [held, heldPeer, other, otherPeer].forEach { close($0) } }
    let gate = DispatchSemaphore(value: 0)
    let holder = Recorder(gate: gate)
    let recorder = Recorder()
    let heldToken = try #require(events.watch(held, for: holder))
    // Its registration's event holds one thread at the gate.
    #expect(eventually { holder.count == 1 })
    let otherToken = try #require(events.watch(other, for: recorder))
    #expect(eventually { recorder.count == 1 })
    #expect(write(otherPeer, "a", 1) == 1)
    #expect(eventually { recorder.count == 2 })
    #expect(holder.count == 1)
    gate.signal()
    events.unwatch(held, heldToken)
    events.unwatch(other, otherToken)
  }
}
