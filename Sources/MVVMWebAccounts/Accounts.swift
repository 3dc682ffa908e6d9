import Foundation
import Logging
import MVVMWeb
import Synchronization

/// A site's accounts: who may sign in, their sessions, and the one-time links that let a
/// person in to set a password. It keeps nothing secret in the clear (tokens and codes as their
/// SHA-256, passwords as Argon2id hashes), works on the store's threads and hashes passwords on
/// a lane of its own, and tells every part of the site (the session cache, the live pages) when
/// a session ends.
public final class Accounts: Sendable {
  let store: any AccountStore
  let executor: StoreExecutor
  let passwords: PasswordLane
  /// How long sessions and links last.
  public let settings: AccountSettings
  let cache = SessionCache()
  /// Tells the other instances sharing the store which sessions ended here (PostgreSQL's
  /// `NOTIFY`); each of them calls `endedElsewhere`.
  let tellOthers: @Sendable ([TokenHash]) async throws -> Void
  /// Told which sessions ended or changed, here or elsewhere: the site's live pages.
  private let whenEnded = Mutex<[@Sendable (EndedSessions) -> Void]>([])
  /// The time now (a test's clock, or the system's).
  let now: @Sendable () -> Date
  /// A hash of nothing anyone knows, checked for a name no account has (`signIn`).
  let decoy = Mutex<String?>(nil)
  private let logger = Logger(label: "mvvmweb")

  /// Accounts kept in `store`, reached on `executor`'s threads, with passwords hashed on
  /// `passwords`.
  public init(
    store: any AccountStore, executor: StoreExecutor, passwords: PasswordLane,
    settings: AccountSettings = AccountSettings(),
    tellOthers: @escaping @Sendable ([TokenHash]) async throws -> Void = { _ in },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.executor = executor
    self.passwords = passwords
    self.settings = settings
    self.tellOthers = tellOthers
    self.now = now
  }

  // MARK: Sessions

  /// The session `hash` names, with its account, if it is still good now: read from the cache
  /// when it was read in the last second, else from the store (its idle and absolute lifetimes
  /// checked; an ended one is let go). When the store does not answer in a quarter of a second
  /// and this instance read the session before, what it read stands (a session ended here was
  /// forgotten at once): a slow store costs a signed-in person no more than anyone else.
  func session(_ hash: TokenHash) async throws -> SessionCache.Entry? {
    let time = now()
    if let entry = cache.fresh(hash, at: time) { return entry }
    let kept = cache.kept(hash).flatMap { isGood($0.session, at: time) ? $0 : nil }
    let read: @Sendable () async throws -> (session: StoredSession, account: Account)? = {
      try await self.executor.read { try self.store.session(hash) }
    }
    let found: (session: StoredSession, account: Account)?
    if let kept {
      guard case .success(let answer) = await Self.first(read, orAfter: .milliseconds(250)) else {
        return kept
      }
      found = answer
    } else {
      found = try await read()
    }
    guard let (session, account) = found, isGood(session, at: time) else {
      cache.forget([hash])
      return nil
    }
    let entry = SessionCache.Entry(session: session, account: account, read: time)
    cache.keep(entry)
    return entry
  }

  /// Reads `entry`'s session again, at most once per entry, when it is near the end of its
  /// trust at `time`: in the background, so the request that noticed it goes on at once.
  func renewIfDue(_ entry: SessionCache.Entry, at time: Date) {
    guard entry.claimRenewal(at: time) else { return }
    renew(entry, at: time)
  }

  /// Reads `entry`'s session from the store as of `time`, then calls `done`: kept in its place
  /// when still good, forgotten when it ended. A store that does not answer changes nothing:
  /// the entry runs out at its second and the next request reads it as before. On a store
  /// thread and back with no task: one thread woken a renewal.
  func renew(
    _ entry: SessionCache.Entry, at time: Date, then done: @escaping @Sendable () -> Void = {}
  ) {
    let hash = entry.session.hash
    executor.read({ try self.store.session(hash) }) { found in
      defer { done() }
      guard case .success(let found) = found else { return }
      guard let (session, account) = found, self.isGood(session, at: time) else {
        return self.cache.forget([hash])
      }
      self.cache.replace(
        entry, with: SessionCache.Entry(session: session, account: account, read: time))
    }
  }

  /// What `work` gave, or nil when it has given nothing after `wait`. `work` goes on by itself
  /// after that (a store read ends by its own deadline); nobody waits for it.
  static func first<Value: Sendable>(
    _ work: @escaping @Sendable () async throws -> Value, orAfter wait: Duration
  ) async -> Result<Value, any Error>? {
    await withCheckedContinuation {
      (caller: CheckedContinuation<Result<Value, any Error>?, Never>) in
      let waiting = Mutex<CheckedContinuation<Result<Value, any Error>?, Never>?>(caller)
      let answer: @Sendable (Result<Value, any Error>?) -> Void = { value in
        waiting.withLock { waiting in
          waiting?.resume(returning: value)
          waiting = nil
        }
      }
      Task {
        do { answer(.success(try await work())) } catch { answer(.failure(error)) }
      }
      Task {
        try? await Task.sleep(for: wait)
        answer(nil)
      }
    }
  }

  /// Whether `session` has outlived neither its idle nor its absolute lifetime at `time`.
  func isGood(_ session: StoredSession, at time: Date) -> Bool {
    time.timeIntervalSince(session.lastUsed) < Self.seconds(settings.idleLifetime)
      && time.timeIntervalSince(session.created) < Self.seconds(settings.absoluteLifetime)
  }

  /// Notes that `entry`'s session was used at `time` by `request` (its client address and
  /// user agent): at most once a minute a session, on the write lane, with no one waiting for it.
  func touch(_ entry: SessionCache.Entry, at time: Date, from request: Request) {
    guard time.timeIntervalSince(entry.session.lastUsed) > 60 else { return }
    let hash = entry.session.hash
    let client = request.clientAddress
    let shortAgent = String((request.headers["user-agent"] ?? "").prefix(200))
    cache.forget([hash])
    Task {
      do {
        try await executor.write {
          try self.store.touchSession(hash, at: time, client: client, agent: shortAgent)
        }
      } catch {
        logger.warning("a session's last use could not be noted: \(error)")
      }
    }
  }

  /// A new session for `account`, made now: the token for its cookie.
  func startSession(
    for account: Account, client: String, agent: String
  ) async throws
    -> SecretToken
  {
    let token = SecretToken()
    let time = now()
    let session = StoredSession(
      hash: token.hash, account: account.id, created: time, lastUsed: time, lastSignIn: time,
      client: client, agent: String(agent.prefix(200)))
    try await executor.write { try self.store.addSession(session) }
    // Its first request, the redirect that follows a sign-in, reads nothing more.
    cache.keep(SessionCache.Entry(session: session, account: account, read: time))
    return token
  }

  /// Ends the sessions `hashes` (or, after a role change, lets them be read again) in this
  /// instance's cache and the live pages they follow, then on the other instances.
  func end(_ hashes: [TokenHash]) async {
    guard !hashes.isEmpty else { return }
    forget(.keys(Set(hashes.map(\.hex))), hashes)
    do {
      try await tellOthers(hashes)
    } catch {
      // Their caches still let the sessions go within a second; their live pages stay open.
      logger.error("the other instances could not be told that sessions ended: \(error)")
    }
  }

  /// Another instance sharing the store ended the sessions `hashes`; nil when what it said was
  /// missed (the connection that listens was lost), so any session may have ended.
  public func endedElsewhere(_ hashes: [TokenHash]?) {
    guard let hashes else { return forget(.all, nil) }
    forget(.keys(Set(hashes.map(\.hex))), hashes)
  }

  /// Calls `handler` whenever sessions end or change, here or on another instance.
  func whenSessionsEnd(_ handler: @escaping @Sendable (EndedSessions) -> Void) {
    whenEnded.withLock { $0.append(handler) }
  }

  private func forget(_ ended: EndedSessions, _ hashes: [TokenHash]?) {
    if let hashes { cache.forget(hashes) } else { cache.forgetAll() }
    for handler in whenEnded.withLock({ $0 }) { handler(ended) }
  }

  /// Signs the session `hash` out.
  func signOut(_ hash: TokenHash) async throws {
    if try await executor.write({ try self.store.removeSession(hash) }) { await end([hash]) }
  }

  /// Ends every session of `account` but `kept`.
  func endSessions(of account: UUID, keeping kept: TokenHash?) async throws {
    await end(
      try await executor.write { try self.store.removeSessions(of: account, keeping: kept) })
  }

  // MARK: Helpers

  static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18
  }
}
