import Foundation
import Synchronization

/// Where passwords are hashed and verified: a few threads of their own and a short queue, so a
/// flood of sign-ins costs a bounded share of the processor and of memory, never the threads
/// that answer requests. A call that finds every thread busy and the queue full is refused at
/// once (`PasswordLaneError.busy`, for a 503 with `Retry-After`) rather than queued to wait.
///
/// Memory: each thread fills at most `hasher.limits.memoryKiB` at a time (19 MiB with OWASP's
/// parameters), and each queued call holds its password and hash (at most
/// `PasswordRules.maximumBytes` + `PasswordHasher.maximumEncodedBytes`): `memoryBound` is
/// their sum, 19 MiB and 10 KiB with one thread and 8 waiting.
///
/// From its tests, on a hasher cheap enough for them:
///
/// ```swift
/// let lane = PasswordLane(hasher: Self.cheap, threads: 1, queueLimit: 2)
/// let stored = try await lane.hash("correct horse battery staple")
/// #expect(stored.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
/// #expect(try await lane.verify("correct horse battery staple", against: stored))
/// #expect(try await !lane.verify("correct horse", against: stored))
/// ```
public final class PasswordLane: Sendable {
  /// How passwords are hashed and verified.
  public let hasher: PasswordHasher
  /// How many hashes run at once.
  public let threads: Int
  /// How many calls may wait for a thread; one more is refused.
  public let queueLimit: Int
  private let queue: PasswordQueue

  /// Half the processor's cores (at least one): the other half keeps answering requests while
  /// every password thread hashes.
  public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }

  /// A lane of `threads` threads (at least one) and a queue of `queueLimit` calls (at least
  /// none), hashing with `hasher`. Its threads end when the lane is released.
  public init(
    hasher: PasswordHasher = PasswordHasher(), threads: Int = PasswordLane.defaultThreads,
    queueLimit: Int = 8
  ) {
    self.hasher = hasher
    self.threads = max(1, threads)
    self.queueLimit = max(0, queueLimit)
    queue = PasswordQueue(limit: self.threads + self.queueLimit)
    for number in 1...self.threads {
      let thread = Thread { [queue] in queue.serve() }
      thread.name = "mvvmweb-password-\(number)"
      thread.start()
    }
  }

  deinit {
    queue.close(threads: threads)
  }

  /// The most memory the lane's work holds at once, in bytes: every thread hashing at the
  /// hasher's memory limit, and a full queue.
  public var memoryBound: Int {
    threads * Int(hasher.limits.memoryKiB) * 1_024 + queueLimit
      * (PasswordRules.maximumBytes + PasswordHasher.maximumEncodedBytes)
  }

  /// The encoded Argon2id hash of `password` (`PasswordHasher.hash(_:)`), made on the lane.
  /// Throws `PasswordLaneError.busy` at once when the lane is full.
  public func hash(_ password: String) async throws -> String {
    // Normalized before it waits, so a queued call holds at most `maximumBytes` of it.
    let password = try PasswordHasher.normalized(password)
    return try await run { [hasher] in try hasher.hash(password) }
  }

  /// Whether `password` is the one `encoded` was made from (`PasswordHasher.verify`), checked
  /// on the lane. Throws `PasswordLaneError.busy` at once when the lane is full.
  public func verify(_ password: String, against encoded: String) async throws -> Bool {
    try hasher.check(encoded)
    guard let password = try? PasswordHasher.normalized(password) else { return false }
    return try await run { [hasher] in try hasher.verify(password, against: encoded) }
  }

  /// Whether `encoded` should be made again with the hasher's parameters
  /// (`PasswordHasher.needsRehash(_:)`); answered at once, off the lane.
  public func needsRehash(_ encoded: String) -> Bool {
    hasher.needsRehash(encoded)
  }

  /// How many calls the lane holds now, waiting or running (for tests).
  var admitted: Int { queue.admitted }

  /// Runs `work` on one of the lane's threads, or throws `PasswordLaneError.busy` at once.
  func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { caller in
      run(work) { caller.resume(with: $0) }
    }
  }

  /// Runs `work` on one of the lane's threads and hands `finish` its result there; or, when the
  /// lane is full, hands it `PasswordLaneError.busy` at once, on the caller's thread. Tests fill
  /// the lane with it from one thread, with no task left to be scheduled.
  func run<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value,
    then finish: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) {
    let admitted = queue.submit {
      let result = Result { try work() }
      return { finish(result) }
    }
    if !admitted { finish(.failure(PasswordLaneError.busy)) }
  }
}

/// What a `PasswordLane` refuses.
public enum PasswordLaneError: Error, Equatable, Sendable {
  /// Every thread was hashing and the queue was full: try again in a moment (503 with
  /// `Retry-After`).
  case busy
}

/// The calls a lane has taken and not finished, those no thread has started first in line; at
/// most `limit` of them at once. A job runs its work and returns how to deliver the result,
/// which its thread calls once the job no longer counts: a caller that heard may call again.
private final class PasswordQueue: Sendable {
  typealias Job = @Sendable () -> @Sendable () -> Void

  private struct Jobs {
    var waiting: [Job] = []
    /// Taken and not finished: waiting or running.
    var admitted = 0
    var closed = false
  }

  private let limit: Int
  private let jobs = Mutex(Jobs())
  /// Counts the waiting jobs (and, at the end, one wake-up per thread).
  private let available = DispatchSemaphore(value: 0)

  init(limit: Int) {
    self.limit = limit
  }

  var admitted: Int { jobs.withLock { $0.admitted } }

  /// Queues `job`, or refuses it (false) when `limit` calls are in the lane already.
  func submit(_ job: @escaping Job) -> Bool {
    let taken = jobs.withLock { jobs in
      guard jobs.admitted < limit, !jobs.closed else { return false }
      jobs.admitted += 1
      jobs.waiting.append(job)
      return true
    }
    if taken { available.signal() }
    return taken
  }

  /// A thread's life: the next job, run to its end, until the lane is closed.
  func serve() {
    while true {
      available.wait()
      let next = jobs.withLock { jobs in
        (job: jobs.waiting.isEmpty ? nil : jobs.waiting.removeFirst(), closed: jobs.closed)
      }
      guard let job = next.job else {
        if next.closed { return }
        continue
      }
      let deliver = job()
      jobs.withLock { $0.admitted -= 1 }
      deliver()
    }
  }

  /// Ends every thread once the jobs already queued have run.
  func close(threads: Int) {
    jobs.withLock { $0.closed = true }
    for _ in 0..<threads { available.signal() }
  }
}
