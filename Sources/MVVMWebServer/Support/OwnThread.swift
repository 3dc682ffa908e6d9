import Glibc

/// A thread of the server's own, outside Dispatch's pool, for a loop that spends its life
/// waiting in a system call (Dispatch would count it as a worker it cannot use).
enum OwnThread {
  /// Starts `body` on a new detached thread named `name`. Returns 0, or the error number
  /// `pthread_create` gave.
  static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Int32 {
    let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, entry, box)
    if result == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<Body>.fromOpaque(box).release()
    }
    return result
  }

  /// What the new thread runs first: the body handed over by `start`, which it now owns.
  private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? =
    { argument in
      guard let argument else { return nil }
      let body = Unmanaged<Body>.fromOpaque(argument).takeRetainedValue()
      nameCurrentThread(body.name)
      body.run()
      return nil
    }

  /// What `top` and `perf` show for the thread. Through `/proc` because Glibc's module leaves
  /// out `pthread_setname_np`; the kernel keeps the first 15 bytes.
  private static func nameCurrentThread(_ name: String) {
    let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    var name = name
    name.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  private final class Body: Sendable {
    let name: String
    let run: @Sendable () -> Void

    init(name: String, run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }
}
