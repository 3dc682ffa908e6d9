import Dispatch
import Glibc

/// The deadline of the store call running on the current thread, so a store's own waits (SQLite's
/// busy handler) end with it: a write that started late, behind another that waited for a lock,
/// still gets its 503 within its deadline instead of waiting a whole busy timeout more.
package enum StoreCallDeadline {
  /// Where each store thread keeps its call's deadline, in uptime nanoseconds (0: none).
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The time the store call running on this thread has left (never below zero), or nil on a
  /// thread that runs none (start-up, migrations).
  ///
  /// An app's SQLite database (`AppDatabase`) waits for another process's lock no longer than
  /// that:
  ///
  /// ```swift
  /// configuration.busyMode = .callback { tries in
  ///   let left = StoreCallDeadline.timeLeft ?? deadline - Self.busyPause * tries
  ///   guard left > .zero else { return false }
  ///   Thread.sleep(forTimeInterval: Self.seconds(min(left, Self.busyPause)))
  ///   return true
  /// }
  /// ```
  package static var timeLeft: Duration? {
    let due = UInt64(UInt(bitPattern: pthread_getspecific(key)))
    guard due != 0 else { return nil }
    let now = DispatchTime.now().uptimeNanoseconds
    return .nanoseconds(due > now ? Int64(clamping: due - now) : 0)
  }

  /// Runs `work` with `due` as this thread's call deadline.
  static func running<Value>(until due: DispatchTime, _ work: () throws -> Value) rethrows -> Value
  {
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(due.uptimeNanoseconds)))
    defer { pthread_setspecific(key, nil) }
    return try work()
  }
}
