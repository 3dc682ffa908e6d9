import Synchronization

/// A kind of data that pages read and writes change: the league, the users, one day of memories.
/// A page names the topics its view model reads; a store publishes a topic after each committed
/// write that touches it.
public struct ChangeTopic: Hashable, Sendable, CustomStringConvertible {
  public let name: String

  public init(_ name: String) {
    self.name = name
  }

  public var description: String { name }
}

/// Where stores announce committed changes and whoever follows them (the live pages) hears of
/// them. Observers run on the publishing thread, right after the commit, so they must only take
/// note and schedule their work.
public final class ChangeFeed: Sendable {
  private let observers = Mutex<[@Sendable (ChangeTopic) -> Void]>([])

  public init() {}

  public func observe(_ observer: @escaping @Sendable (ChangeTopic) -> Void) {
    observers.withLock { $0.append(observer) }
  }

  public func publish(_ topic: ChangeTopic) {
    for observer in observers.withLock({ $0 }) { observer(topic) }
  }
}
