import Dispatch
import Foundation
import MVVMWebAccounts
import Synchronization
import Testing

/// What instances do at once: two instances on the same data (two pools on one SQLite file, two
/// on one PostgreSQL database) race for one link or challenge, and count failures together.
@Suite struct AccountStoreConcurrencyTests {
  /// What each of several callers got.
  final class Results<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
  }

  @Test(arguments: AccountStoreKind.allCases)
  func aLinkTakenByEightCallersAtOnceIsTakenOnce(_ kind: AccountStoreKind) throws {
    let (first, another) = try kind.freshStore()
    let second = try another()
    let ann = try first.addAccount(name: "Ann", role: "member", at: someTime)
    for round in 0..<10 {
      try first.addLink(hashOf("code \(round)"), for: ann.id, expires: someTime + 600)
      let taken = Results<UUID?>()
      DispatchQueue.concurrentPerform(iterations: 8) { caller in
        let store = caller.isMultiple(of: 2) ? first : second
        taken.append(try? store.takeLink(hashOf("code \(round)"), at: someTime))
      }
      #expect(taken.all.count == 8)
      #expect(taken.all.compactMap { $0 } == [ann.id], "round \(round)")
    }
  }

  @Test(arguments: AccountStoreKind.allCases)
  func aChallengeTakenByEightCallersAtOnceIsTakenOnce(_ kind: AccountStoreKind) throws {
    let (first, another) = try kind.freshStore()
    let second = try another()
    for round in 0..<10 {
      try first.addChallenge(hashOf("challenge \(round)"), purpose: .signIn, expires: someTime + 60)
      let taken = Results<ChallengePurpose?>()
      DispatchQueue.concurrentPerform(iterations: 8) { caller in
        let store = caller.isMultiple(of: 2) ? first : second
        taken.append(try? store.takeChallenge(hashOf("challenge \(round)"), at: someTime))
      }
      #expect(taken.all.count == 8)
      #expect(taken.all.compactMap { $0 } == [.signIn], "round \(round)")
    }
  }

  /// Each of 60 failures recorded at once is counted: the counts returned are 1 to 60, each
  /// once, and the store says 60.
  @Test(arguments: AccountStoreKind.allCases)
  func failuresRecordedAtOnceAreEachCounted(_ kind: AccountStoreKind) throws {
    let (first, another) = try kind.freshStore()
    let second = try another()
    let counts = Results<Int>()
    DispatchQueue.concurrentPerform(iterations: 60) { caller in
      let store = caller.isMultiple(of: 2) ? first : second
      if let count = try? store.recordFailure(for: "account:ann", at: someTime + Double(caller)) {
        counts.append(count.count)
      }
    }
    #expect(counts.all.sorted() == Array(1...60))
    #expect(try first.failures(for: "account:ann") == FailureCount(count: 60, last: someTime + 59))
  }
}
