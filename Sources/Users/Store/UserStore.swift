import Dispatch
import MVVMWebViewModels
import Synchronization

extension ChangeTopic {
  /// The set of users and whether a new one is being made: what `/users` reads.
  public static let users = ChangeTopic("users")
}

/// The current set of users. "Refresh" makes a new set from the next seed in the background,
/// after `latency` (standing in for the remote user API that Timehop's sample calls); while it
/// runs, `isRefreshing` is true. The start and the end of a refresh are published as `.users`,
/// so every open list shows the loading state and then the new set.
public final class UserStore: Sendable {
  private struct State {
    var seed: UInt64
    var users: [User]
    var isRefreshing = false
    /// Who waits for the refresh under way.
    var waiters: [@Sendable () -> Void] = []
  }

  private let state: Mutex<State>
  private let count: Int
  private let latency: Duration
  private let changes: ChangeFeed

  public init(
    seed: UInt64 = 1, count: Int = 100, latency: Duration = .zero,
    changes: ChangeFeed = ChangeFeed()
  ) {
    self.count = count
    self.latency = latency
    self.changes = changes
    state = Mutex(State(seed: seed, users: UserGenerator(seed: seed).users(count: count)))
  }

  /// The users and whether a new set is being made, as they stood together at one moment.
  public struct Snapshot: Sendable, Equatable {
    public var users: [User]
    public var isRefreshing: Bool
  }

  /// Both parts of the state under one lock, so a page built from it never shows the old set
  /// beside the new set's state (or the reverse) when a refresh lands while it is made.
  public func snapshot() -> Snapshot {
    state.withLock { Snapshot(users: $0.users, isRefreshing: $0.isRefreshing) }
  }

  public func user(id: Int) -> User? {
    state.withLock { state in state.users.first { $0.id == id } }
  }

  /// Starts making a new set of users and returns at once; `done` runs when the set is in place.
  /// Asked again while a refresh runs, it joins that one rather than starting a second.
  public func refresh(then done: @escaping @Sendable () -> Void = {}) {
    let seed = state.withLock { state -> UInt64? in
      state.waiters.append(done)
      guard !state.isRefreshing else { return nil }
      state.isRefreshing = true
      return state.seed &+ 1
    }
    guard let seed else { return }
    changes.publish(.users)
    let (seconds, attoseconds) = latency.components
    let delay = DispatchTimeInterval.milliseconds(
      Int(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)))
    DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
      let users = UserGenerator(seed: seed).users(count: count)
      let waiters = state.withLock { state in
        defer { state = State(seed: seed, users: users) }
        return state.waiters
      }
      changes.publish(.users)
      for waiter in waiters { waiter() }
    }
  }
}
