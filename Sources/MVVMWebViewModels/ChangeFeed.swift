import Synchronization

/// A kind of data that pages read and writes change: the league, the users, one day of memories.
/// A page names the topics its view model reads; a store publishes a topic after each committed
/// write that touches it.
public struct ChangeTopic: Hashable, Sendable, CustomStringConvertible {
  /// The topic's name, as it appears in versions ("league") and in logs.
  public let name: String

  /// A topic named `name`. Declare each once, as a static member, so a store and the pages that
  /// follow it cannot spell it differently:
  /// ```swift
  /// extension ChangeTopic {
  ///   /// Players, matches and the standings: what `/matches`, `/rankings` and the match forms read.
  ///   public static let league = ChangeTopic("league")
  /// }
  /// ```
  public init(_ name: String) {
    self.name = name
  }

  /// The topic's name.
  public var description: String { name }
}

/// Where stores announce committed changes and whoever follows them (the live pages) hears of
/// them. Observers run on the publishing thread, right after the commit, so they must only take
/// note and schedule their work.
///
/// Each topic also has a version, counted up by every change, so a page can tell a browser that
/// its copy is still current without building anything.
public final class ChangeFeed: Sendable {
  private struct State {
    var observers: [@Sendable (ChangeTopic) -> Void] = []
    var versions: [ChangeTopic: UInt64] = [:]
  }

  private let state = Mutex(State())

  /// A feed with no observers, every topic at version 0. A site makes one; tests make their own.
  public init() {}

  /// Calls `observer` with every topic published from now on, on the publishing thread: it must
  /// only take note and schedule its work.
  public func observe(_ observer: @escaping @Sendable (ChangeTopic) -> Void) {
    state.withLock { $0.observers.append(observer) }
  }

  /// Says that `topic` changed: counts its version up, then tells every observer. Call it after the
  /// write is committed, so whoever reads again sees the change.
  public func publish(_ topic: ChangeTopic) {
    let observers = state.withLock { state in
      state.versions[topic, default: 0] &+= 1
      return state.observers
    }
    for observer in observers { observer(topic) }
  }

  /// The versions of `topics` in one text ("league.12"), which changes whenever one of them does.
  public func version(of topics: Set<ChangeTopic>) -> String {
    let versions = state.withLock { $0.versions }
    return topics.sorted { $0.name < $1.name }
      .map { "\($0.name).\(versions[$0] ?? 0)" }.joined(separator: "-")
  }
}
