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
/// #expect(try await client.submit(form).status == 503)
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
    let started = Atomic(0)
    for _ in 0..<threads {
      let work: @Sendable () -> Void = { [gate = stall.gate] in
        started.add(1, ordering: .relaxed)
        gate.wait()
      }
      Task {
        switch lane {
        case .read: _ = try? await executor.read(work)
        case .write: _ = try? await executor.write(work)
        }
      }
    }
    let deadline = ContinuousClock.now + .seconds(10)
    while started.load(ordering: .relaxed) < threads {
      guard ContinuousClock.now < deadline else {
        throw TestFailure("The store's \(lane) threads were not all free to be held.")
      }
      try await Task.sleep(for: .milliseconds(1))
    }
    return stall
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

  /// Lets the lane go: held threads come free, calls run at their speed again.
  public func release() {
    guard !released.exchange(true, ordering: .relaxed) else { return }
    executor.delayCalls(on: lane, by: .zero)
    for _ in 0..<held { gate.signal() }
  }
}
