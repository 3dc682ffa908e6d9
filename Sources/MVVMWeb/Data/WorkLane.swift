import Foundation
import Synchronization

/// A fixed set of threads that take jobs from one bounded queue, in order, and a watchdog that
/// answers a job its deadline passed. Threads of its own, not the server's or Dispatch's: a job
/// may block (on a lock, a socket), and a blocked server thread is one fewer for every
/// connection. The threads end when the lane is released (an app built by a test, say).
///
/// One watchdog per lane rather than a timer per call: every call of a lane is allowed the
/// same time, so the oldest call is always the next one due, and the watchdog sleeps until then.
/// A timer per call cost Dispatch's manager thread two wake-ups a call, more than the call.
final class WorkLane: Sendable {
  let name: String
  /// How long a call may wait for a thread and run, in all.
  let deadline: Duration
  /// How many calls run at once.
  let threads: Int
  private let queue: JobQueue

  /// `abandonsWhenLate`: a call still running at its deadline is answered then (a read),
  /// rather than waited for (a write, whose answer must say truly whether it was stored).
  init(name: String, threads: Int, queueLimit: Int, deadline: Duration, abandonsWhenLate: Bool) {
    self.name = name
    self.deadline = deadline
    self.threads = threads
    let queue = JobQueue(limit: queueLimit, allowed: Self.interval(deadline))
    self.queue = queue
    for number in 1...threads {
      let thread = Thread {
        AnswerThread.markCurrent()
        queue.serve()
      }
      thread.name = "mvvmweb-store-\(name)-\(number)"
      thread.start()
    }
    let watchdog = Thread {
      AnswerThread.markCurrent()
      queue.watch { job in
        job.expire(
          notStarted: StoreUnavailable(.noThreadInTime, lane: name, deadline: deadline),
          running: abandonsWhenLate
            ? StoreUnavailable(.noAnswerInTime, lane: name, deadline: deadline) : nil)
      }
    }
    watchdog.name = "mvvmweb-store-\(name)-watchdog"
    watchdog.start()
  }

  deinit {
    queue.close(threads: threads)
  }

  /// Runs `work` on one of the lane's threads and hands `finish` its result; or, when the queue
  /// is full or the deadline passes first, the `StoreUnavailable` that says so.
  func run<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value,
    then finish: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) {
    let call = StoreCall(work, due: .now() + Self.interval(deadline), finish: finish)
    if !queue.submit(call) {
      call.refuse(StoreUnavailable(.queueFull, lane: name, deadline: deadline))
    }
  }

  /// Starts `start`, which answers on a thread of its own without holding one of the lane's
  /// (a PostgreSQL pipeline), and hands `finish` its answer; or, when the deadline passes first,
  /// the `StoreUnavailable` that says so, as for a call that ran late on the lane's threads.
  func watch<Value: Sendable>(
    _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Void,
    then finish: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) {
    let call = StoreCall(runningElsewhere: finish, due: .now() + Self.interval(deadline))
    guard queue.watch(call) else {
      return call.answer(.failure(StoreUnavailable(.queueFull, lane: name, deadline: deadline)))
    }
    start { call.answer($0) }
  }

  /// Makes each call wait `delay` on its thread before it runs (none when zero): a store slower
  /// than its deadline, for a test of the answers that follow (`MVVMWebTesting.StoreStall`).
  func delayCalls(by delay: Duration) {
    let (seconds, attoseconds) = delay.components
    queue.delayNanoseconds.store(
      Int(clamping: max(0, seconds)) &* 1_000_000_000 &+ Int(max(0, attoseconds) / 1_000_000_000),
      ordering: .relaxed)
  }

  /// At least a millisecond: the watchdog sleeps this long when no call is waiting.
  static func interval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    return .milliseconds(
      max(1, Int(clamping: max(0, seconds) * 1000 + max(0, attoseconds) / 1_000_000_000_000_000)))
  }
}

/// The jobs waiting for a lane's threads, first in, first out; at most `limit` of them. And the
/// jobs whose callers have not heard yet, for the watchdog.
private final class JobQueue: Sendable {
  private struct Lists {
    /// Jobs no thread has taken yet, oldest first.
    var waiting = FIFO<any LaneJob>()
    /// Jobs whose callers may not have heard yet, oldest (so soonest due) first.
    var watched = FIFO<(due: DispatchTime, job: any LaneJob)>()
    var closed = false

    /// Forgets the answered jobs at the front: under steady traffic the list stays as short as
    /// the calls in flight, without the watchdog waking for it.
    mutating func dropAnswered() {
      while let first = watched.first, first.job.isAnswered { _ = watched.removeFirst() }
    }
  }

  private let limit: Int
  /// How long each call waits on its thread before it runs: zero but in a test of a slow store.
  let delayNanoseconds = Atomic<Int>(0)
  /// The time a call is allowed, in all.
  private let allowed: DispatchTimeInterval
  private let lists = Mutex(Lists())
  /// Counts queued jobs (and, at the end, one wake-up per thread); a thread waits on it.
  private let available = DispatchSemaphore(value: 0)
  /// Signalled only when the lane closes: the watchdog otherwise sleeps until a call is due.
  private let closing = DispatchSemaphore(value: 0)

  init(limit: Int, allowed: DispatchTimeInterval) {
    self.limit = limit
    self.allowed = allowed
  }

  func submit(_ job: any LaneJob) -> Bool {
    let queued = lists.withLock { lists in
      guard lists.waiting.count < limit, !lists.closed else { return false }
      lists.waiting.append(job)
      lists.dropAnswered()
      // Read under the lock, so the list stays in the order the calls fall due.
      lists.watched.append((DispatchTime.now() + allowed, job))
      return true
    }
    if queued { available.signal() }
    return queued
  }

  /// Watches a job that runs elsewhere, for its deadline only; false once the lane is closed.
  func watch(_ job: any LaneJob) -> Bool {
    lists.withLock { lists in
      guard !lists.closed else { return false }
      lists.dropAnswered()
      lists.watched.append((DispatchTime.now() + allowed, job))
      return true
    }
  }

  /// A thread's life: the next job, run to its end, until the lane is closed.
  func serve() {
    while true {
      available.wait()
      let next = lists.withLock { lists in (job: lists.waiting.removeFirst(), closed: lists.closed)
      }
      guard let job = next.job else {
        if next.closed { return }
        continue
      }
      let delay = delayNanoseconds.load(ordering: .relaxed)
      if delay > 0 { Thread.sleep(forTimeInterval: Double(delay) / 1e9) }
      job.start()
    }
  }

  /// The watchdog's life: `expire` each job whose time is up, then sleep until the oldest job
  /// left is due. With none it sleeps for the time a call is allowed: a job queued meanwhile is
  /// due later still, so a queued job never needs to wake it.
  func watch(expire: (any LaneJob) -> Void) {
    while true {
      let (overdue, wake, closed) = lists.withLock { lists in
        let now = DispatchTime.now()
        var overdue: [any LaneJob] = []
        lists.dropAnswered()
        while let first = lists.watched.first, first.due <= now {
          _ = lists.watched.removeFirst()
          overdue.append(first.job)
          lists.dropAnswered()
        }
        return (overdue, lists.watched.first?.due ?? now + allowed, lists.closed)
      }
      overdue.forEach(expire)
      if closed { return }
      _ = closing.wait(timeout: wake)
    }
  }

  /// Ends every thread once the jobs already queued have run.
  func close(threads: Int) {
    lists.withLock { $0.closed = true }
    for _ in 0..<threads { available.signal() }
    closing.signal()
  }
}
