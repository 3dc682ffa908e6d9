import Synchronization

/// The bytes waiting to be sent to every open stream of a server together, held to one budget
/// (`ServerConfiguration.maxStreamBacklog`). A stream is allowed its own 256 KiB, but 10,000
/// readers that stall at once would hold 2.5 GB: past the budget, a stream behind by more than
/// its fair share (the budget over the open streams) is dropped when it is next written to, so
/// the slowest readers go first. Memory freed by a drop is given back to the system soon after,
/// rather than kept by the allocator for buffers that will not come back.
final class StreamBacklog: Sendable {
  /// The budget, in bytes.
  let budget: Int
  private let waiting = Atomic<Int>(0)
  private let open = Atomic<Int>(0)
  private let trim = MemoryTrim()

  init(budget: Int) {
    self.budget = max(1, budget)
  }

  /// Bytes now waiting for all streams together.
  var bytes: Int { waiting.load(ordering: .relaxed) }

  /// A stream opened or ended.
  func opened() { open.add(1, ordering: .relaxed) }
  func ended() { open.subtract(1, ordering: .relaxed) }

  /// `delta` more bytes wait (fewer, when negative).
  func add(_ delta: Int) {
    waiting.add(delta, ordering: .relaxed)
  }

  /// Whether a stream with `pending` bytes waiting must be dropped: the budget is spent, and it
  /// is behind by at least its share of it.
  func drops(pending: Int) -> Bool {
    guard waiting.load(ordering: .relaxed) > budget else { return false }
    let streams = max(1, open.load(ordering: .relaxed))
    return pending >= budget / streams
  }

  /// A stream was dropped with bytes waiting: once the connections have let their buffers go,
  /// the allocator gives the free memory back to the system (one trim for a burst of drops).
  func dropped() {
    trim.soon()
  }
}
