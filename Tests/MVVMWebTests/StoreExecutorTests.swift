import Foundation
import Synchronization
import Testing

@testable import MVVMWeb

/// The store's own threads: a call is answered by its deadline whatever its thread is doing, a
/// call that never got a thread never runs, and a write that started is waited for.
@Suite(.timeLimit(.minutes(2))) struct StoreExecutorTests {
  /// A gate a store call waits at, as a call waits for a lock another process holds.
  final class Gate: Sendable {
    private let opened = DispatchSemaphore(value: 0)
    func wait() { opened.wait() }
    func open(for waiters: Int = 1) { for _ in 0..<waiters { opened.signal() } }
  }

  private func reason(of call: () async throws -> Void) async -> StoreUnavailable.Reason? {
    do {
      try await call()
      return nil
    } catch let error as StoreUnavailable {
      return error.reason
    } catch {
      return nil
    }
  }

  @Test func aReadStuckInTheStoreIsAnsweredAtTheDeadline() async throws {
    let executor = StoreExecutor(readers: 1, writers: 1, deadline: .milliseconds(200))
    let gate = Gate()
    defer { gate.open() }
    // The gate opens only once the read has been answered: the answer cannot have come from the
    // store, only from the deadline. (Order, not time: the suite runs beside many others.)
    let reason = await reason { _ = try await executor.read { gate.wait() } }
    #expect(reason == .noAnswerInTime)
  }

  @Test func aCallThatFindsNoThreadInTimeNeverRuns() async throws {
    let executor = StoreExecutor(readers: 1, writers: 1, deadline: .milliseconds(200))
    let gate = Gate()
    let ran = Atomic(false)
    async let first: Void = executor.write { gate.wait() }
    try await Task.sleep(for: .milliseconds(50))
    let reason = await reason { try await executor.write { ran.store(true, ordering: .relaxed) } }
    #expect(reason == .noThreadInTime)
    gate.open()
    try await first
    // The lane's one thread is free again: a new call runs, the refused one did not.
    #expect(try await executor.write { 7 } == 7)
    #expect(ran.load(ordering: .relaxed) == false)
  }

  @Test func aWriteThatStartedIsWaitedForPastTheDeadline() async throws {
    let executor = StoreExecutor(readers: 1, writers: 1, deadline: .milliseconds(300))
    let stored = try await executor.write {
      Thread.sleep(forTimeInterval: 1)
      return "stored"
    }
    #expect(stored == "stored")
  }

  @Test func aFullQueueIsRefusedAtOnce() async throws {
    let executor = StoreExecutor(readers: 1, writers: 1, deadline: .seconds(60), queueLimit: 1)
    let gate = Gate()
    async let running: Void = executor.read { gate.wait() }
    try await Task.sleep(for: .milliseconds(50))
    async let queued: Void = executor.read {}
    try await Task.sleep(for: .milliseconds(50))
    // Refused while the one thread is still held: not after a wait for it.
    let reason = await reason { _ = try await executor.read {} }
    #expect(reason == .queueFull)
    gate.open()
    try await running
    try await queued
  }

  @Test func readsGoOnWhileTheWriterIsStuck() async throws {
    let executor = StoreExecutor(readers: 2, writers: 1, deadline: .seconds(5))
    let gate = Gate()
    async let write: Void = executor.write { gate.wait() }
    try await Task.sleep(for: .milliseconds(50))
    #expect(try await executor.read { "read" } == "read")
    gate.open()
    try await write
  }

  @Test func whatTheWorkThrowsReachesTheCaller() async throws {
    struct Broken: Error {}
    let executor = StoreExecutor(readers: 1, writers: 1, deadline: .seconds(5))
    await #expect(throws: Broken.self) { try await executor.read { throw Broken() } }
  }
}
