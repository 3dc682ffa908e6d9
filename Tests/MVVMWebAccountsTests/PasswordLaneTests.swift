import Dispatch
import Foundation
import Synchronization
import Testing

@testable import MVVMWebAccounts

/// Passwords are hashed on threads of their own, a bounded number at once, and a call past the
/// lane's queue is refused at once rather than left to wait.
@Suite struct PasswordLaneTests {
  /// Parameters cheap enough for tests that hash many times.
  static let cheap = PasswordHasher(
    parameters: Argon2Parameters(memoryKiB: 64, iterations: 1, parallelism: 1))

  /// A value the lane's threads and the test share.
  final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func update<Result: Sendable>(_ body: @Sendable (inout Value) -> Result) -> Result {
      value.withLock { body(&$0) }
    }
  }

  @Test func hashesAndVerifiesOnTheLanesOwnThread() async throws {
    let lane = PasswordLane(hasher: Self.cheap, threads: 1, queueLimit: 2)
    let stored = try await lane.hash("correct horse battery staple")
    #expect(stored.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
    #expect(try await lane.verify("correct horse battery staple", against: stored))
    #expect(try await !lane.verify("correct horse", against: stored))
    #expect(!lane.needsRehash(stored))
    // Its one thread runs every call, and is not the caller's.
    let caller = pthread_self()
    let (first, second) = (
      try await lane.run { pthread_self() }, try await lane.run { pthread_self() }
    )
    #expect(pthread_equal(first, second) != 0)
    #expect(pthread_equal(first, caller) == 0)
  }

  @Test func aCallPastTheQueueIsRefusedAtOnceAndTheLaneRecovers() async throws {
    let lane = PasswordLane(hasher: Self.cheap, threads: 1, queueLimit: 2)
    let release = DispatchSemaphore(value: 0)
    defer { release.signal() }  // Whatever fails below, the lane's thread is let go.
    let answers = Shared<[String]>([])
    let note: @Sendable (Result<String, any Error>) -> Void = { result in
      let answer =
        switch result {
        case .success(let text): text
        case .failure(let error): "\(error)"
        }
      answers.update { $0.append(answer) }
    }
    // Submitted from this thread, so nothing waits for a task to be scheduled (the tests
    // around may hold every thread of the cooperative pool): the one thread held, then the
    // queue's two places taken.
    lane.run(
      {
        release.wait()
        return "held"
      }, then: note)
    lane.run({ "first" }, then: note)
    lane.run({ "second" }, then: note)
    #expect(lane.admitted == 3)
    lane.run({ "third" }, then: note)
    // Required: were it queued, the calls below would wait for the held thread for good.
    try #require(answers.update { $0 } == ["busy"])
    let stored = try Self.cheap.hash("password one")
    await #expect(throws: PasswordLaneError.busy) { try await lane.hash("password two") }
    await #expect(throws: PasswordLaneError.busy) {
      try await lane.verify("password one", against: stored)
    }
    release.signal()
    try await waitUntil { answers.update { $0.count } == 4 }
    #expect(answers.update { $0 } == ["busy", "held", "first", "second"])
    #expect(lane.admitted == 0)
    #expect(try await lane.verify("password one", against: stored))
  }

  @Test func noMoreHashesRunAtOnceThanTheLaneHasThreads() async throws {
    let lane = PasswordLane(hasher: Self.cheap, threads: 2, queueLimit: 30)
    let running = Shared((now: 0, most: 0))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<30 {
        group.addTask {
          try await lane.run {
            running.update { counts in
              counts.now += 1
              counts.most = max(counts.most, counts.now)
            }
            usleep(2_000)
            running.update { $0.now -= 1 }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(running.update { $0.most } == 2)
  }

  @Test func theMemoryBoundIsEachThreadsHashAndTheQueuedPasswords() {
    // 19,456 KiB a thread; 1,024 bytes of password and 256 of hash a queued call.
    #expect(PasswordLane(threads: 1, queueLimit: 8).memoryBound == 19_922_944 + 8 * 1_280)
    #expect(PasswordLane(threads: 2, queueLimit: 0).memoryBound == 2 * 19_922_944)
  }

  /// Waits (10 seconds at most) for `condition`, which the lane's threads make true; fails the
  /// test when it never holds.
  func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    try #require(condition())
  }
}
