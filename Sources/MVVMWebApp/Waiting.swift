import Dispatch
import Synchronization

/// Runs `work` and waits for it: for a command line, which has nothing else to do meanwhile.
func waiting<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value
{
  let result = Mutex<Result<Value, any Error>?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task {
    let outcome: Result<Value, any Error>
    do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
    result.withLock { $0 = outcome }
    done.signal()
  }
  done.wait()
  return try (result.withLock { $0 } ?? .failure(CancellationError())).get()
}
