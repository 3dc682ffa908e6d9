import Dispatch
import Synchronization

/// One call waiting in a `StoreExecutor`: queued, then running, then answered. Whoever moves it
/// to answered (its thread with the result, the deadline with an error, the queue refusing it)
/// takes the caller's `finish` and calls it, so the caller hears exactly once; the work and the
/// finish are let go then, so a call the watchdog still lists holds nothing of the request.
final class StoreCall<Value: Sendable>: LaneJob {
  typealias Work = @Sendable () throws -> Value
  typealias Finish = @Sendable (Result<Value, any Error>) -> Void

  private enum State {
    case queued(Work, Finish)
    case running(Finish)
    case answered
  }

  private let state: Mutex<State>
  /// When the caller is answered at the latest: the work's own waits end by then.
  private let due: DispatchTime

  init(_ work: @escaping Work, due: DispatchTime, finish: @escaping Finish) {
    state = Mutex(.queued(work, finish))
    self.due = due
  }

  /// A call already running elsewhere (a store that answers from a thread of its own, such as
  /// a PostgreSQL pipeline): only its answer, or its deadline, is left.
  init(runningElsewhere finish: @escaping Finish, due: DispatchTime) {
    state = Mutex(.running(finish))
    self.due = due
  }

  /// The answer of a call running elsewhere; dropped when the deadline answered first.
  func answer(_ result: Result<Value, any Error>) {
    takeFinish(running: true)?(result)
  }

  func start() {
    let work = state.withLock { state -> Work? in
      guard case .queued(let work, let finish) = state else { return nil }
      state = .running(finish)
      return work
    }
    guard let work else { return }
    let result = Result { try StoreCallDeadline.running(until: due, work) }
    // Dropped when the deadline answered meanwhile.
    takeFinish(running: true)?(result)
  }

  /// The lane would not take it.
  func refuse(_ error: any Error) {
    takeFinish(running: false)?(.failure(error))
  }

  func expire(notStarted: any Error, running: (any Error)?) {
    if let finish = takeFinish(running: false) {
      finish(.failure(notStarted))
    } else if let running, let finish = takeFinish(running: true) {
      finish(.failure(running))
    }
  }

  var isAnswered: Bool {
    state.withLock { state in
      if case .answered = state { true } else { false }
    }
  }

  /// The caller's finish, taken (and the call marked answered) if the call is running, or, with
  /// `running` false, still queued.
  private func takeFinish(running: Bool) -> Finish? {
    state.withLock { state -> Finish? in
      switch state {
      case .queued(_, let finish) where !running, .running(let finish) where running:
        state = .answered
        return finish
      default:
        return nil
      }
    }
  }
}
