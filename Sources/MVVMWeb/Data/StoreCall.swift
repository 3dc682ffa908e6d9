import Synchronization

/// One call waiting in a `StoreExecutor`: queued, then running, then finished. Whoever moves it
/// to finished (its thread with the result, the deadline with an error, the queue refusing it)
/// resumes the caller, so the caller hears exactly once.
final class StoreCall<Value: Sendable>: LaneJob {
  private static var queued: Int { 0 }
  private static var running: Int { 1 }
  private static var finished: Int { 2 }

  private let state = Atomic(0)
  private let work: @Sendable () throws -> Value
  private let caller: CheckedContinuation<Value, any Error>

  init(
    _ work: @escaping @Sendable () throws -> Value, caller: CheckedContinuation<Value, any Error>
  ) {
    self.work = work
    self.caller = caller
  }

  /// Runs the work on the calling (store) thread, unless the deadline already ended the call;
  /// its result is dropped when the deadline answered meanwhile.
  func start() {
    guard move(from: Self.queued, to: Self.running) else { return }
    let result = Result { try work() }
    guard move(from: Self.running, to: Self.finished) else { return }
    caller.resume(with: result)
  }

  /// The lane would not take it.
  func refuse(_ error: any Error) {
    guard move(from: Self.queued, to: Self.finished) else { return }
    caller.resume(throwing: error)
  }

  /// The deadline passed: a call that never started is answered with `notStarted` and will not
  /// run; one running is answered with `running`, when given, and its result later dropped.
  func expire(notStarted: any Error, running: (any Error)?) {
    if move(from: Self.queued, to: Self.finished) {
      caller.resume(throwing: notStarted)
    } else if let running, move(from: Self.running, to: Self.finished) {
      caller.resume(throwing: running)
    }
  }

  private func move(from old: Int, to new: Int) -> Bool {
    state.compareExchange(expected: old, desired: new, ordering: .acquiringAndReleasing).exchanged
  }
}
