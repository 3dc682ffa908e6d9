import Foundation
import MVVMWeb
import Synchronization

/// A store that does not answer in time, made on purpose, so a test sees the answers that
/// follow (a 503 with `Retry-After`, `/readyz` failing) without stopping a database:
/// `holding` takes every thread of a lane, as a lock held by another process does, and
/// `slowing` makes each call run past the deadline. `release()` ends it; a stall also ends when
/// it is no longer referenced.
///
/// ```swift
/// let stall = try await StoreStall.holding(.write, of: executor)
/// let busy = try await client.post("/write", form: [])
/// #expect(busy.status == 503)
/// #expect(busy.header("Retry-After") != nil)
/// #expect(busy.text.contains("The site is busy right now, so nothing was saved."))
/// // The read lane is another lane: it still answers.
/// #expect(try await client.get("/read").text == "read")
/// stall.release()
/// ```
public final class StoreStall: Sendable {
  private let executor: StoreExecutor
  private let lane: StoreLane
  private let gate = DispatchSemaphore(value: 0)
  private let held: Int
  private let released = Atomic(false)

  private init(_ executor: StoreExecutor, _ lane: StoreLane, held: Int) {
    self.executor = executor
    self.lane = lane
    self.held = held
  }

  deinit {
    release()
  }

  /// Takes every thread of `lane` until `release()`: the next call on that lane finds none, and
  /// at the deadline its request is answered 503 ("no store thread came free"). Returns once
  /// every thread is taken.
  public static func holding(
    _ lane: StoreLane, of executor: StoreExecutor
  ) async throws
    -> StoreStall
  {
    let threads = executor.threads(of: lane)
    let stall = StoreStall(executor, lane, held: threads)
    let taken = TakenThreads(threads)
    // The calls are made, made again and counted on the lane's threads and its watchdog, never
    // in a task: on a machine busy with tests, Swift's few threads may all be blocked for
    // seconds, longer than a short deadline and than the wait below.
    try await withCheckedThrowingContinuation { continuation in
      taken.whenAllTaken(continuation, within: .seconds(10), lane: lane)
      for _ in 0..<threads { stall.hold(taken) }
    }
    return stall
  }

  /// Makes one call on the lane that takes its thread until `release()`. A call no thread took
  /// before its deadline never runs (a thread can take that long to wake on a busy machine):
  /// it is made again, until a thread has taken one or the stall is released.
  private func hold(_ taken: TakenThreads) {
    let work: @Sendable () -> Void = { [gate] in
      taken.add()
      gate.wait()
    }
    let finish: @Sendable (Result<Void, any Error>) -> Void = { [weak self] result in
      guard case .failure(let error as StoreUnavailable) = result,
        error.reason != .noAnswerInTime,
        let self, !self.released.load(ordering: .relaxed)
      else { return }
      self.hold(taken)
    }
    switch lane {
    case .read: executor.read(work, then: finish)
    case .write: executor.write(work, then: finish)
    }
  }

  /// Makes each call on `lane` wait `delay` on its thread before it runs, until `release()`: a
  /// read still running at the deadline is answered 503 ("the store did not answer in time");
  /// a write is waited for, so its answer says truly whether it was stored.
  public static func slowing(
    _ lane: StoreLane, of executor: StoreExecutor, by delay: Duration
  )
    -> StoreStall
  {
    executor.delayCalls(on: lane, by: delay)
    return StoreStall(executor, lane, held: 0)
  }

  /// How many of a lane's threads a stall has taken, and the wait for all of them.
  private final class TakenThreads: Sendable {
    private let threads: Int
    private let state = Mutex<(count: Int, waiting: CheckedContinuation<Void, any Error>?)>(
      (0, nil))

    init(_ threads: Int) {
      self.threads = threads
    }

    /// Resumes `continuation` once every thread is taken, or with a failure after `limit`.
    func whenAllTaken(
      _ continuation: CheckedContinuation<Void, any Error>, within limit: Duration, lane: StoreLane
    ) {
      state.withLock { $0.waiting = continuation }
      let (seconds, attoseconds) = limit.components
      let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
        let waiting = self.state.withLock { state in
          defer { state.waiting = nil }
          return state.waiting
        }
        waiting?.resume(
          throwing: TestFailure("The store's \(lane) threads were not all free to be held."))
      }
    }

    /// One more thread taken.
    func add() {
      let done = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        state.count += 1
        guard state.count == threads else { return nil }
        defer { state.waiting = nil }
        return state.waiting
      }
      done?.resume()
    }
  }

  /// Lets the lane go: held threads come free, calls run at their speed again.
  public func release() {
    guard !released.exchange(true, ordering: .relaxed) else { return }
    executor.delayCalls(on: lane, by: .zero)
    for _ in 0..<held { gate.signal() }
  }
}
