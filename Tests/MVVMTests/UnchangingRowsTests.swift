import MVVMWebViewModels
import Synchronization
import Testing

/// `UnchangingRows`: a row is made once per source and reused, with the renderings pages kept of
/// it, until its source changes; the kept rows are bounded.
@Suite struct UnchangingRowsTests {
  @Outputs
  struct Line: Equatable, Sendable {
    var text: String
  }

  struct Source: Equatable, Sendable {
    var id: Int
    var text: String
  }

  /// Counts the rows made.
  final class Made: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  /// Rows of `Line`, counting how many were made.
  private func kept(capacity: Int = 1_000) -> (UnchangingRows<Int, Source, Line>, Made) {
    let made = Made()
    let rows = UnchangingRows<Int, Source, Line>(capacity: capacity) { source in
      made.add()
      return Line(text: source.text)
    }
    return (rows, made)
  }

  private func same(_ left: [Unchanging<Line>], _ right: [Unchanging<Line>]) -> [Bool] {
    zip(left, right).map { $0.kept === $1.kept }
  }

  @Test func aRowIsMadeOncePerSourceAndKeptWithItsRenderings() {
    let (rows, made) = kept()
    let sources = [Source(id: 1, text: "a"), Source(id: 2, text: "b"), Source(id: 3, text: "c")]
    let first = rows.rows(for: sources) { $0.id }
    #expect(first.map(\.item) == [Line(text: "a"), Line(text: "b"), Line(text: "c")])
    #expect(made.value == 3)
    // Read again, in another order and with one more: only the new one is made.
    let second = rows.rows(for: [sources[2], Source(id: 4, text: "d"), sources[0]]) { $0.id }
    #expect(second.map(\.text) == ["c", "d", "a"])
    #expect(made.value == 4)
    #expect(same([first[2], first[0]], [second[0], second[2]]) == [true, true])
  }

  @Test func aChangedSourceMakesItsRowAgain() {
    let (rows, made) = kept()
    let first = rows.rows(for: [Source(id: 1, text: "a"), Source(id: 2, text: "b")]) { $0.id }
    let second = rows.rows(for: [Source(id: 1, text: "A"), Source(id: 2, text: "b")]) { $0.id }
    #expect(second.map(\.text) == ["A", "b"])
    #expect(made.value == 3)
    #expect(same(first, second) == [false, true])
    // The changed row is the one kept now.
    let third = rows.rows(for: [Source(id: 1, text: "A")]) { $0.id }
    #expect(same([second[0]], third) == [true])
  }

  @Test func atMostCapacityRowsAreKept() {
    let (rows, made) = kept(capacity: 4)
    let sources = (1...3).map { Source(id: $0, text: "\($0)") }
    _ = rows.rows(for: sources) { $0.id }
    _ = rows.rows(for: sources) { $0.id }
    #expect(made.value == 3)
    // Two more would make five: the keeping starts over, with this read's rows.
    let more = (3...4).map { Source(id: $0, text: "\($0)") }
    _ = rows.rows(for: more) { $0.id }
    #expect(made.value == 5)
    _ = rows.rows(for: more) { $0.id }
    #expect(made.value == 5)
    _ = rows.rows(for: [sources[0]]) { $0.id }
    #expect(made.value == 6)
  }

  @Test func aListAskedForAgainUnchangedGetsTheSameRows() {
    let (rows, made) = kept(capacity: 2)
    let sources = (1...3).map { Source(id: $0, text: "\($0)") }
    let first = rows.rows(for: sources) { $0.id }
    // More than the capacity, yet the same list again is answered as it was.
    let again = rows.rows(for: sources) { $0.id }
    #expect(made.value == 3)
    #expect(same(first, again) == [true, true, true])
  }
}
