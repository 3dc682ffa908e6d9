import CMVVMWebEpoll
import Dispatch
import Glibc
import Synchronization

/// Gives memory the server has let go of back to the system, soon after, once for a burst: the
/// allocator keeps freed blocks for reuse, and a freed one between blocks still in use (a
/// dropped stream's buffer, a file let go by the cache) stays resident until it is trimmed.
final class MemoryTrim: Sendable {
  private let pending = Atomic<Bool>(false)

  /// Trims in a moment, once the owners of what was freed have let it go; a trim already asked
  /// for covers this one.
  func soon() {
    guard !pending.exchange(true, ordering: .relaxed) else { return }
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { [self] in
      pending.store(false, ordering: .relaxed)
      _ = malloc_trim(0)
    }
  }
}
