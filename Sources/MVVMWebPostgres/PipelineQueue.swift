import Dispatch
import Synchronization

/// The queries callers handed a `PostgresPipeline` and its thread has not taken yet, and how
/// many are taken but not answered: at most `limit` in all, so a database that stalls costs
/// refusals, not memory without bound.
///
/// The thread is woken only when it sleeps: while it sends and reads a batch, callers only
/// append under the lock, and it takes everything they added in one go when it comes back.
final class PipelineQueue: Sendable {
  private struct State {
    var waiting: [PipelineJob] = []
    /// Queries accepted and not answered yet (waiting or taken).
    var unanswered = 0
    /// The thread waits on `wake` (it found nothing to do): the next caller signals it.
    var sleeping = false
    var closed = false
  }

  let limit: Int
  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Queues `job`, or says why not: `limit` queries are already unanswered, or the pipeline
  /// was let go.
  func submit(_ job: PipelineJob) -> PostgresError? {
    let (refusal, signal) = state.withLock { state -> (PostgresError?, Bool) in
      if state.closed { return (PostgresError("the database pipeline is closed"), false) }
      guard state.unanswered < limit else {
        return (PostgresError("the database pipeline has \(limit) queries waiting"), false)
      }
      state.unanswered += 1
      state.waiting.append(job)
      let signal = state.sleeping
      state.sleeping = false
      return (nil, signal)
    }
    if signal { wake.signal() }
    return refusal
  }

  /// Every query waiting, oldest first, once there is one (at once, empty, with `block`
  /// false); nil once the pipeline is closed and nothing is left.
  func take(block: Bool) -> [PipelineJob]? {
    while true {
      let taken = state.withLock { state -> [PipelineJob]?? in
        if !state.waiting.isEmpty {
          let jobs = state.waiting
          state.waiting = []
          return .some(jobs)
        }
        if state.closed { return .some(nil) }
        if !block { return .some([]) }
        state.sleeping = true
        return .none
      }
      if let taken { return taken }
      wake.wait()
    }
  }

  /// `count` queries taken earlier were answered.
  func answered(_ count: Int) {
    guard count > 0 else { return }
    state.withLock { $0.unanswered -= count }
  }

  /// No more queries: the thread ends once it has answered those it holds.
  func close() {
    let signal = state.withLock { state -> Bool in
      state.closed = true
      defer { state.sleeping = false }
      return state.sleeping
    }
    if signal { wake.signal() }
  }
}
