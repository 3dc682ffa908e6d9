import Synchronization

/// Rendered avatars, kept so each is drawn once. "Clear cache" empties it.
public final class AvatarCache: Sendable {
  private let avatars = Mutex<[String: Avatar]>([:])

  public init() {}

  /// The avatar for a name, drawn on first use.
  public func avatar(firstName: String, lastName: String) -> Avatar {
    let key = firstName + "\u{0}" + lastName
    if let cached = avatars.withLock({ $0[key] }) { return cached }
    let avatar = Avatar(firstName: firstName, lastName: lastName)
    avatars.withLock { $0[key] = avatar }
    return avatar
  }

  public var count: Int { avatars.withLock { $0.count } }

  public func clear() {
    avatars.withLock { $0.removeAll() }
  }
}
