import Synchronization

/// The current set of users. "Refresh" replaces it with a new set from the next seed; while that
/// runs, `isRefreshing` is true (and clearing the avatar cache is not offered).
public final class UserStore: Sendable {
  private struct State {
    var seed: UInt64
    var users: [User]
    var isRefreshing = false
  }

  private let state: Mutex<State>
  private let count: Int

  public init(seed: UInt64 = 1, count: Int = 100) {
    self.count = count
    state = Mutex(State(seed: seed, users: UserGenerator(seed: seed).users(count: count)))
  }

  public var users: [User] { state.withLock { $0.users } }
  public var isRefreshing: Bool { state.withLock { $0.isRefreshing } }

  public func user(id: Int) -> User? {
    state.withLock { state in state.users.first { $0.id == id } }
  }

  /// Makes a new set of users.
  public func refresh() {
    let seed = state.withLock { state -> UInt64 in
      state.isRefreshing = true
      return state.seed &+ 1
    }
    let users = UserGenerator(seed: seed).users(count: count)
    state.withLock { $0 = State(seed: seed, users: users) }
  }
}
