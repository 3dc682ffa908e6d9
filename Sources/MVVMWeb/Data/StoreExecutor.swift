/// Runs store calls (SQLite, PostgreSQL: code that blocks while it waits) on threads of their
/// own, never on the threads that read sockets and answer everything else, and bounds how long a
/// request waits for them. A read lane and a write lane, each with a fixed number of threads and
/// a bounded queue, so a write waiting for a lock (another process's backup, a migration) never
/// holds up the pages that only read.
///
/// A call that finds its lane's queue full, or that has not finished within `deadline`, throws
/// `StoreUnavailable` at once or at the deadline, whatever its thread is doing; the request is
/// answered 503 with `Retry-After`. A read still running then is abandoned (its result dropped
/// when it comes); a write that has started is waited for, so its answer says truly whether it
/// was stored: the store's own time limits (busy timeout, statement timeout) end it.
///
/// An app's database makes one (`AppDatabase`):
///
/// ```swift
/// executor = StoreExecutor(readers: readers, writers: 1, deadline: deadline)
/// ```
///
/// and a store's calls go through it, as the accounts' do:
///
/// ```swift
/// public func list() async throws -> [Account] {
///   try await executor.read { try self.store.accounts() }
/// }
/// ```
public final class StoreExecutor: Sendable {
  /// How long a call may wait for a thread and run, in all.
  public let deadline: Duration
  private let readLane: WorkLane
  private let writeLane: WorkLane

  /// `readers` and `writers` threads (at least one each); each lane queues at most
  /// `queueLimit` calls beyond its threads, and a call beyond that is refused at once.
  public init(readers: Int, writers: Int, deadline: Duration, queueLimit: Int = 256) {
    self.deadline = deadline
    readLane = WorkLane(
      name: "read", threads: max(1, readers), queueLimit: max(1, queueLimit), deadline: deadline,
      abandonsWhenLate: true)
    writeLane = WorkLane(
      name: "write", threads: max(1, writers), queueLimit: max(1, queueLimit), deadline: deadline,
      abandonsWhenLate: false)
  }

  /// Runs a read on a read thread and returns its result. Throws what `work` throws, or
  /// `StoreUnavailable` when no answer came within the deadline.
  public func read<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { caller in
      readLane.run(work) { caller.resume(with: $0) }
    }
  }

  /// Runs a write on a write thread. A write not started by the deadline never runs; one that
  /// started is waited for, so the caller knows whether it was stored.
  public func write<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { caller in
      writeLane.run(work) { caller.resume(with: $0) }
    }
  }

  /// How many threads `lane` has: what a test holds to leave it none.
  package func threads(of lane: StoreLane) -> Int {
    switch lane {
    case .read: readLane.threads
    case .write: writeLane.threads
    }
  }

  /// Makes each call on `lane` wait `delay` on its thread before it runs (`.zero`: none again).
  package func delayCalls(on lane: StoreLane, by delay: Duration) {
    switch lane {
    case .read: readLane.delayCalls(by: delay)
    case .write: writeLane.delayCalls(by: delay)
    }
  }

  /// A read whose result goes to `finish`, called on the store's thread (or the watchdog's):
  /// for an answer made later (`Response.later`), which then needs no task to wait in, and for
  /// `MVVMWebTesting.StoreStall`, which holds a lane without one.
  package func read<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value,
    then finish: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) {
    readLane.run(work, then: finish)
  }

  /// A read that a store answers from a thread of its own, without holding one of the read
  /// lane's (a `PostgresPipeline`): `start` is called at once and must not block; what it hands
  /// its completion goes to `finish`, unless the lane's deadline passed first (then
  /// `StoreUnavailable`, as for a read that ran late on the lane's threads).
  package func read<Value: Sendable>(
    answering start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Void,
    then finish: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) {
    readLane.watch(start, then: finish)
  }

  /// Marks the calling thread, for the rest of its life, as a store's own thread, as the
  /// executor's are: an answer made later (`Response.later`) that it hands over is sent from
  /// it at once, with no server thread woken. Only for a thread that never runs on the server's
  /// queues and never waits on what a handler holds: a `PostgresPipeline`'s (its
  /// `threadStarted`).
  public static func adoptCurrentThread() {
    AnswerThread.markCurrent()
  }

  /// A write whose result goes to `finish`, as `read(_:then:)`.
  package func write<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value,
    then finish: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) {
    writeLane.run(work, then: finish)
  }
}

/// One of a `StoreExecutor`'s lanes.
public enum StoreLane: Sendable {
  /// The lane of the calls that only read.
  case read
  /// The lane of the calls that write.
  case write
}
