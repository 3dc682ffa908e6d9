import Synchronization

/// Whether the server has begun to stop. Set once, under the server's lock, by `shutdown`; read
/// without a lock for every request answered.
final class DrainingState: Sendable {
  private let flag = Atomic<Bool>(false)

  var isDraining: Bool { flag.load(ordering: .acquiring) }

  func begin() {
    flag.store(true, ordering: .releasing)
  }
}
