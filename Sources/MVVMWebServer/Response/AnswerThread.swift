import Glibc

/// Threads that may send the answers they hand over (`Response.later`) themselves: a store's
/// threads, which never run on the server's queues and never wait on what a handler holds. An
/// answer handed over on any other thread (a Dispatch worker, a task's) goes to the connection's
/// queue, as it always did: sending it right there could wait on a connection that is itself
/// waiting on that thread.
package enum AnswerThread {
  /// Marks the calling thread, for the rest of its life, as one on which the answers it hands
  /// over are sent at once, with no server thread woken for them.
  package static func markCurrent() {
    _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
  }

  /// Whether the calling thread was marked.
  static var isCurrent: Bool {
    pthread_getspecific(key) != nil
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    _ = pthread_key_create(&key, nil)
    return key
  }()
}
