import Testing

@testable import Fortunes

@Suite struct FortunesViewModelTests {
  typealias Row = FortunesViewModel.Row

  /// TechEmpower's expected page order: by message in Unicode scalar order (`<` before capitals,
  /// "A " before "Ad", lowercase after every capital, Japanese last), with id 0 among them.
  @Test func theTwelveRowsAndTheAddedOneSortedByMessage() throws {
    let viewModel = FortunesViewModel(fortunes: try InMemoryFortuneStore().fortunes())
    #expect(viewModel.rows.count == 13)
    #expect(
      viewModel.rows == [
        Row(
          id: 11,
          message:
            "<script>alert(\"This should not be displayed in a browser alert box.\");</script>"
        ),
        Row(id: 4, message: "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"),
        Row(
          id: 5,
          message: "A computer program does what you tell it to do, not what you want it to do."),
        Row(
          id: 2, message: "A computer scientist is someone who fixes things that aren't broken."),
        Row(id: 8, message: "A list is only as strong as its weakest link. — Donald Knuth"),
        Row(id: 0, message: "Additional fortune added at request time."),
        Row(id: 3, message: "After enough decimal places, nobody gives a damn."),
        Row(id: 7, message: "Any program that runs right is obsolete."),
        Row(id: 10, message: "Computers make very fast, very accurate mistakes."),
        Row(
          id: 6, message: "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen"),
        Row(id: 9, message: "Feature: A bug with seniority."),
        Row(id: 1, message: "fortune: No such file or directory"),
        Row(id: 12, message: "フレームワークのベンチマーク"),
      ])
  }

  /// The added row is there however few rows the store has, and every row is sorted in, not
  /// appended: the store's order (here reversed) does not show through.
  @Test func theAddedRowIsSortedInWithWhateverTheStoreHolds() throws {
    #expect(
      FortunesViewModel(fortunes: try InMemoryFortuneStore([]).fortunes()).rows == [
        Row(id: 0, message: "Additional fortune added at request time.")
      ])
    let store = InMemoryFortuneStore([
      Fortune(id: 3, message: "Été"), Fortune(id: 2, message: "Zebra"),
      Fortune(id: 1, message: "Abc"),
    ])
    #expect(
      FortunesViewModel(fortunes: try store.fortunes()).rows.map(\.id) == [1, 0, 2, 3])
  }

  /// Messages sort by their scalar values as stored, not by canonical equivalence: "e" with a
  /// combining acute accent (U+0065 U+0301) comes before "f", where "é" as one scalar (U+00E9),
  /// its equivalent, comes after it; a message sorts after its own prefix.
  @Test func messagesSortByTheirScalarsAsStored() throws {
    let store = InMemoryFortuneStore([
      Fortune(id: 1, message: "\u{E9}"), Fortune(id: 2, message: "f"),
      Fortune(id: 3, message: "e\u{301}"), Fortune(id: 4, message: "Additional"),
    ])
    #expect(
      FortunesViewModel(fortunes: try store.fortunes()).rows.map(\.id) == [4, 0, 3, 2, 1])
  }
}
