import Dispatch
import Synchronization

/// The bits of `Connection.socketTurn`.
enum SocketTurn {
  /// A thread of the epoll set is serving the socket.
  static let serving: UInt8 = 1
  /// Another event came meanwhile: serve once more.
  static let again: UInt8 = 2
  /// That event said to read to the end.
  static let toTheEnd: UInt8 = 4
}

/// A request whose answer is being made elsewhere: what sending it needs once it comes. A class,
/// so a late answer can tell whether it is still the one awaited.
final class AwaitedAnswer: Sendable {
  private enum Handover {
    /// The block of the connection's queue that called `start` has not yet left `process`.
    case starting
    /// The answer came during that block, which sends it.
    case parked(Response)
    /// That block is over: the answer comes through the connection's queue.
    case open
  }

  let head: RequestHead
  let request: Request
  let route: String?
  let started: DispatchTime
  private let handover = Mutex(Handover.starting)

  init(head: RequestHead, request: Request, route: String?, started: DispatchTime) {
    self.head = head
    self.request = request
    self.route = route
    self.started = started
  }

  /// Leaves the answer for the block that started it; false once that block is over.
  func park(_ response: Response) -> Bool {
    handover.withLock { handover in
      guard case .starting = handover else { return false }
      handover = .parked(response)
      return true
    }
  }

  /// Ends the starting block's part (called on the connection's queue): the answer parked
  /// meanwhile, if any, to send now. Later calls return nil.
  func settle() -> Response? {
    handover.withLock { handover in
      defer { handover = .open }
      guard case .parked(let response) = handover else { return nil }
      return response
    }
  }
}

/// A streamed answer in progress: how to frame it, what to log when it ends, and who to tell.
/// Touched only on the owning connection's queue.
final class OpenStream: @unchecked Sendable {
  let chunked: Bool
  let request: Request
  let route: String?
  let status: HTTPStatus
  let started: DispatchTime
  var sent = 0
  var onEnd: [@Sendable () -> Void] = []
  private(set) var hasEnded = false

  init(
    chunked: Bool, request: Request, route: String?, status: HTTPStatus,
    started: DispatchTime
  ) {
    self.chunked = chunked
    self.request = request
    self.route = route
    self.status = status
    self.started = started
  }

  func end() {
    guard !hasEnded else { return }
    hasEnded = true
    let handlers = onEnd
    onEnd = []
    handlers.forEach { $0() }
  }
}

extension Response {
  var bodyCount: Int {
    if case .bytes(let body) = body { return body.count }
    return 0
  }
}
