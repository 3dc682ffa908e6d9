import Foundation
import MVVMWeb
import Synchronization

/// The sessions this instance has read lately, so a signed-in request costs no store read: an
/// entry is trusted for one second, then read again, so a session ended or a role changed by
/// another process (`accounts role` on the SQLite file, another instance) counts from the next
/// second at the latest; this instance's own changes forget their entries at once. An entry in
/// use is read again in the background before its second is over (`renewedAfter`), so someone
/// active never waits on the store for it. Bounded: at most `capacity` entries, the whole table
/// let go when it is full.
final class SessionCache: Sendable {
  /// What a session was found to be, and when. A class, so the cache hands one out with a
  /// retain rather than a copy of its strings.
  final class Entry: Sendable {
    let session: StoredSession
    let account: Account
    let read: Date
    /// The session's key in `RequestSession` (its hash in hex), written once, not per request.
    let key: String
    /// Whether a request has started reading this entry's session again.
    private let renewing = Atomic<Bool>(false)

    init(session: StoredSession, account: Account, read: Date) {
      self.session = session
      self.account = account
      self.read = read
      key = session.hash.hex
    }

    /// Whether the entry is old enough at `now` to be read again, and nobody has started to:
    /// true for one caller only.
    func claimRenewal(at now: Date) -> Bool {
      now.timeIntervalSince(read) >= SessionCache.renewedAfter
        && renewing.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    }
  }

  static let trusted: TimeInterval = 1
  /// When an entry in use is read again: with a tenth of a second left for the read, far more
  /// than a store read takes, and late enough that an active session is read about once a
  /// second, as before (a read that comes late leaves the next request to read it itself).
  static let renewedAfter: TimeInterval = 0.9
  let capacity: Int
  private let entries = Mutex<[TokenHash: Entry]>([:])

  init(capacity: Int = 10_000) {
    self.capacity = capacity
  }

  /// The entry for `hash`, if it was read less than a second before `now`.
  func fresh(_ hash: TokenHash, at now: Date) -> Entry? {
    guard let entry = entries.withLock({ $0[hash] }),
      now.timeIntervalSince(entry.read) < Self.trusted
    else { return nil }
    return entry
  }

  /// The entry for `hash`, however old: what stands when the store does not answer.
  func kept(_ hash: TokenHash) -> Entry? {
    entries.withLock { $0[hash] }
  }

  /// Keeps what was just read.
  func keep(_ entry: Entry) {
    entries.withLock { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[entry.session.hash] = entry
    }
  }

  /// Keeps `new` in place of `old` if `old` is still kept: a session forgotten while it was
  /// being read again (ended here meanwhile) stays forgotten.
  func replace(_ old: Entry, with new: Entry) {
    entries.withLock { entries in
      if entries[old.session.hash] === old { entries[old.session.hash] = new }
    }
  }

  /// Forgets the sessions `hashes` (ended here).
  func forget(_ hashes: [TokenHash]) {
    entries.withLock { entries in for hash in hashes { entries[hash] = nil } }
  }

  /// Forgets every session of `account` (its role changed, it was removed).
  func forget(account: UUID) {
    entries.withLock { entries in entries = entries.filter { $0.value.account.id != account } }
  }

  /// Forgets every session: what another instance ended may have been missed.
  func forgetAll() {
    entries.withLock { $0.removeAll() }
  }
}
