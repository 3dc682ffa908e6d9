import Foundation
import Synchronization

/// A fixed set of threads that take jobs from one bounded queue, in order. Threads of its own, not
/// Dispatch's: a job may block (on a lock, a socket), and a blocked Dispatch worker is one fewer
/// for every connection of the server. The threads end when the lane is released (an app built
/// by a test, say).
final class WorkLane: Sendable {
  let name: String
  private let threads: Int
  private let queue: JobQueue

  init(name: String, threads: Int, queueLimit: Int) {
    self.name = name
    self.threads = threads
    let queue = JobQueue(limit: queueLimit)
    self.queue = queue
    for number in 1...threads {
      let thread = Thread { queue.serve() }
      thread.name = "mvvmweb-store-\(name)-\(number)"
      thread.start()
    }
  }

  deinit {
    queue.close(threads: threads)
  }

  /// Queues `job`; false when the queue is full.
  func submit(_ job: any LaneJob) -> Bool {
    queue.submit(job)
  }
}

/// The jobs waiting for a lane's threads, first in, first out; at most `limit` of them.
private final class JobQueue: Sendable {
  private struct Waiting {
    var jobs: [(any LaneJob)?] = []
    var head = 0
    var closed = false

    var count: Int { jobs.count - head }
  }

  private let limit: Int
  private let waiting = Mutex(Waiting())
  /// Counts queued jobs (and, at the end, one wake-up per thread); a thread waits on it.
  private let available = DispatchSemaphore(value: 0)

  init(limit: Int) {
    self.limit = limit
  }

  func submit(_ job: any LaneJob) -> Bool {
    let queued = waiting.withLock { waiting in
      guard waiting.count < limit, !waiting.closed else { return false }
      waiting.jobs.append(job)
      return true
    }
    if queued { available.signal() }
    return queued
  }

  /// A thread's life: the next job, run to its end, until the lane is closed.
  func serve() {
    while true {
      available.wait()
      let next = waiting.withLock { waiting -> (job: (any LaneJob)?, closed: Bool) in
        guard waiting.head < waiting.jobs.count else { return (nil, waiting.closed) }
        let job = waiting.jobs[waiting.head]
        waiting.jobs[waiting.head] = nil
        waiting.head += 1
        // Dropped from the front now and then, rather than moving every job on each removal.
        if waiting.head > 64 && waiting.head * 2 > waiting.jobs.count {
          waiting.jobs.removeFirst(waiting.head)
          waiting.head = 0
        }
        return (job, false)
      }
      if let job = next.job { job.start() } else if next.closed { return }
    }
  }

  /// Ends every thread once the jobs already queued have run.
  func close(threads: Int) {
    waiting.withLock { $0.closed = true }
    for _ in 0..<threads { available.signal() }
  }
}
