import Dispatch
import Glibc
import Synchronization

/// One client connection: the driver of its `ConnectionState`. It turns the socket's readiness
/// into the state's events (bytes read, the peer's last byte, bytes written or blocked, a timer
/// fired) and the state's actions into system calls (`recv`, `sendmsg`, `shutdown`, `close`),
/// runs each request the state reads through the pipeline, and hands the answer back, all on its
/// own serial queue. The server's `SocketEvents` says when the socket is ready and the timer is
/// Dispatch's; no thread ever waits on the socket.
///
/// `@unchecked Sendable`: every mutable property is touched only on `queue` (they are internal
/// only so the extensions in `Connection+Answering` and `Connection+Writing` can reach them).
final class Connection: SocketWatcher, @unchecked Sendable {
  let queue: DispatchQueue
  let fd: Int32
  let peer: PeerAddress
  let server: HTTPServer
  let pipeline: RequestPipeline
  let configuration: ServerConfiguration
  let socketEvents: SocketEvents<Connection>
  let timer: DispatchSourceTimer

  var state: ConnectionState
  /// The answer made later that the state's `.awaiting` waits for.
  var awaited: AwaitedAnswer?
  /// The stream the state's `.streaming` writes.
  var stream: OpenStream?
  /// When the body being read must be complete, however steadily it arrives.
  var bodyDeadline = DispatchTime.distantFuture
  /// What each `recv` reads into, reused, so a read costs a copy of what arrived and no more.
  /// Given back while a stream is open: a page following live updates can stay open for hours,
  /// and ten thousand of them should not each hold a read buffer they do not use.
  var scratch: [UInt8] = []
  /// The bytes of this connection's stream counted as waiting in the server's `StreamBacklog`.
  var backlogged = 0
  /// The driver is inside `process`: a write that finishes meanwhile leaves the next request to
  /// it rather than starting another loop (re-entrancy, not protocol state).
  var processing = false
  /// Whether a thread of the epoll set is serving the socket, and whether it was asked again
  /// meanwhile (`SocketTurn`); the one field not confined to `queue`.
  private let socketTurn = Atomic<UInt8>(0)
  /// The socket's place in the server's epoll set, once it has one.
  var watched: SocketEvents<Connection>.Token?
  /// When the connection's current timeout ends, and when its timer is set to fire. The timer is
  /// moved only when a deadline comes sooner: moving a Dispatch timer wakes Dispatch's manager
  /// thread, far too dear to do for every request. A timer that
  /// fires before a deadline that was pushed later just sets itself again.
  var deadline = DispatchTime.distantFuture
  var timerFires = DispatchTime.distantFuture

  init(
    fd: Int32, peer: PeerAddress, server: HTTPServer, pipeline: RequestPipeline,
    socketEvents: SocketEvents<Connection>, target: DispatchQueue
  ) {
    self.fd = fd
    self.peer = peer
    self.server = server
    self.pipeline = pipeline
    self.configuration = pipeline.configuration
    self.socketEvents = socketEvents
    state = ConnectionState(
      maxBodySize: pipeline.configuration.maxBodySize, peer: peer,
      streamLimit: pipeline.configuration.streamLimit, answerHeaders: pipeline.answerHeaderLines)
    queue = DispatchQueue(label: pipeline.connectionQueueLabel, target: target)
    timer = DispatchSource.makeTimerSource(queue: queue)
  }

  func start() {
    queue.async { [self] in
      // The descriptor is closed only once the timer has finished cancelling, so it never fires
      // for a number the kernel has already handed to another connection.
      timer.setCancelHandler { [self] in
        Glibc.close(fd)
        server.connectionClosed(self)
      }
      timer.setEventHandler { [self] in timedOut() }
      timer.resume()
      arm(state.start())
      watched = socketEvents.watch(fd, for: self)
      if watched == nil { close() }
    }
  }

  /// The socket has something to read or room to write (called on a thread of `SocketEvents`).
  /// The work runs on the calling thread, through this queue's `sync`: it waits for the queue
  /// and runs there, with no thread woken. Edge-triggered: each side does all it can now. After
  /// a hang-up, an error or urgent data, reading goes on to the end: a short read need not have
  /// emptied the socket.
  ///
  /// An event that comes while another thread serves this socket (the next request, sent as the
  /// answer left; the peer's hang-up during a long answer) is left to that thread, which serves
  /// once more when it is done, rather than waiting for it: the set's threads are one per core,
  /// and each one waiting here would be one fewer for every other connection.
  func socketReady(readToTheEnd: Bool) {
    let asked = SocketTurn.again | (readToTheEnd ? SocketTurn.toTheEnd : 0)
    var current = socketTurn.load(ordering: .relaxed)
    while true {
      let taking = current & SocketTurn.serving == 0
      let next = taking ? SocketTurn.serving : current | asked
      let (exchanged, found) = socketTurn.compareExchange(
        expected: current, desired: next, ordering: .acquiringAndReleasing)
      if exchanged {
        if !taking { return }  // The serving thread serves once more.
        break
      }
      current = found
    }
    var toTheEnd = readToTheEnd
    while true {
      queue.sync {
        if state.hasPendingOutput { flush() }
        if state.input == .reading && !state.isClosed { readAvailable(toTheEnd: toTheEnd) }
      }
      let (done, _) = socketTurn.compareExchange(
        expected: SocketTurn.serving, desired: 0, ordering: .acquiringAndReleasing)
      if done { return }
      // Asked again meanwhile: take the request (and whether to read to the end) and serve.
      let asked = socketTurn.exchange(SocketTurn.serving, ordering: .acquiringAndReleasing)
      toTheEnd = asked & SocketTurn.toTheEnd != 0
    }
  }

  /// Graceful shutdown (`ConnectionState.drain`).
  func drain() {
    queue.async { [self] in
      switch state.drain() {
      case .nothing: return
      case .close: close()
      case .endStream: endStream()
      case .read:
        readAvailable()
        if let grace = state.afterDrainRead() { arm(grace) }
      }
    }
  }

  /// Bytes this connection holds in its buffers, read on its queue (for tests and diagnostics).
  var bufferedByteCount: Int {
    queue.sync { state.bufferedBytes }
  }

  func forceClose() {
    queue.async { [self] in close() }
  }

  // MARK: Reading

  /// Reads what the socket holds (or a pipelining bound's worth). A read that leaves room in the
  /// buffer emptied the socket, and bytes arriving after it raise a new event, so it is the last
  /// one: asking again would only hear `EAGAIN`, one system call per request for nothing. With
  /// `toTheEnd` it reads until the kernel says so, which sees a hang-up or reset right behind the
  /// data now (a half-sent head followed by a reset would otherwise hold its slot until the
  /// timeout), and is what a read must do when no event prompted it.
  func readAvailable(toTheEnd: Bool = true) {
    var receivedAny = false
    var finished = false
    if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: 16 * 1024) }
    defer { if state.isStreaming { scratch = [] } }
    reading: while !state.isClosed {
      let received = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if received > 0 {
        let result = state.received(scratch[..<received])
        if case .bytes(let kept, let atBound) = result, kept {
          receivedAny = true
          if atBound { break }
        }
        if received < scratch.count && !toTheEnd { break }
        continue
      }
      if received < 0 && errno == EINTR { continue }
      if received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
      if received == 0 {
        switch state.peerClosed() {
        case .finished:
          finished = true
          break reading
        default: break
        }
      }
      close()  // The peer reset, or closed after our last answer: nothing more to answer.
      return
    }
    guard receivedAny || finished || state.ending == .peerFinished, !state.isClosed else { return }
    if let bodyTimer = state.afterRead() { arm(bodyTimer) }
    let stoppedAtBound = state.isAtReadBound
    process()
    updateReading()
    // Stopped at the bound with the kernel still holding bytes: read on once processed, unless
    // reading is paused (resuming reads again).
    if stoppedAtBound && state.input == .reading && !state.isClosed {
      queue.async { [self] in readAvailable() }
    }
  }

  /// Pauses or resumes reading as the state says (`ConnectionState.updateInput`).
  func updateReading() {
    // Bytes that arrived while paused raised their event already: read them now.
    if state.updateInput() { queue.async { [self] in readAvailable() } }
  }

  /// How long a connection accepted as the server stops waits for its first request: one sent
  /// with the connection arrives within a round trip, and a silent one (a browser's spare
  /// connection) must not hold the stop until the drain deadline.
  static let firstRequestGrace = DispatchTimeInterval.seconds(1)

  /// Parses and answers as many buffered requests as possible, in order.
  func process() {
    processing = true
    defer { processing = false }
    while true {
      if state.isAwaiting, let awaited {
        // The first time after its `start`, an answer already handed over is sent now, even
        // behind bytes still waiting to be written (a `100 Continue`), as one handed over later
        // would be.
        guard let response = awaited.settle() else { return }
        answered(awaited, with: response)
      }
      if state.isClosed || state.isLingering { return }
      let step = state.next()
      // Consumed, so the request it carries is held once: the pipeline changes it in place.
      switch consume step {
      case .wait: return
      case .close:
        close()
        return
      case .refuse(let error):
        fail(error)
        return
      case .arm(let timer): arm(timer)
      case .bodyStarted(let sendContinue):
        if sendContinue { flush() }
        bodyDeadline = .now() + ConnectionTimeouts.interval(configuration.bodyDeadline)
        arm(state.arm(.bodyStart))
      case .request(let head, let request):
        answer(head, request)
      }
    }
  }

}
