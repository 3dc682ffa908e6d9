import Dispatch

/// Where async handlers (and other tasks the server starts for answers) run: Dispatch's shared
/// pool, rather than Swift's cooperative pool or the server's socket threads. The cooperative pool
/// has one thread per core, and any code that blocks one of them (a test's blocking client, a
/// library that waits) would hold up every answer; Dispatch adds threads when its own are
/// blocked. A task that awaits holds no thread either way.
package final class HandlerExecutor: TaskExecutor {
  /// The executor every answer made by `Response.task` runs on.
  package static let shared = HandlerExecutor()

  private let queue = DispatchQueue(label: "MVVMWebServer.tasks", attributes: .concurrent)

  /// Runs `job` on Dispatch's shared pool.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
  }
}
