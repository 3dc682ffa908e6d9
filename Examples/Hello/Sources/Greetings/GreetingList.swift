import MVVMWebViewModels
import Synchronization

extension ChangeTopic {
  /// Published after every greeting added, so the pages that show greetings follow them.
  public static let greetings = ChangeTopic("greetings")
}

/// The names greeted so far, newest first, kept in memory: the example's store. It keeps the
/// latest `capacity` only, so the page stays small however many people say hello.
public final class GreetingList: Sendable {
  private let stored = Mutex<[String]>([])
  private let changes: ChangeFeed
  private let capacity: Int

  /// An empty list that announces each addition on `changes`.
  public init(changes: ChangeFeed, capacity: Int = 20) {
    self.changes = changes
    self.capacity = capacity
  }

  /// The names, newest first.
  public var names: [String] { stored.withLock { $0 } }

  /// Adds `name` and tells the live pages. The newest name is not added again, so a form sent
  /// twice (a double click, a reload) greets once.
  public func add(_ name: String) {
    let added = stored.withLock { names in
      guard names.first != name else { return false }
      names.insert(name, at: 0)
      names.removeLast(max(names.count - capacity, 0))
      return true
    }
    if added { changes.publish(.greetings) }
  }
}
