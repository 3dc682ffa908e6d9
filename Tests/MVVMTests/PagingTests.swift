import MVVMWebViewModels
import Testing

@Suite struct PagingTests {
  @Test func pagesNeighboursAndTexts() throws {
    let middle = try Paging(page: 2, size: 50, totalCount: 10_000)
    #expect(middle.pageCount == 200 && middle.offset == 50)
    #expect(middle.previousPage == 1 && middle.nextPage == 3)
    #expect(middle.pageText == "Page 2 of 200")
    #expect(middle.rangeText("Matches", shown: 50) == "Matches 51–100 of 10,000")
    let last = try Paging(page: 3, size: 50, totalCount: 101)
    #expect(last.previousPage == 2 && last.nextPage == nil)
    #expect(last.rangeText("Matches", shown: 1) == "Matches 101–101 of 101")
    let only = try Paging(page: 1, size: 50, totalCount: 50)
    #expect(only.pageText == nil && only.previousPage == nil && only.nextPage == nil)
  }

  /// An empty list has its page 1 (it says the list is empty), and no other.
  @Test func anEmptyListHasOnePage() throws {
    let empty = try Paging(page: 1, size: 50, totalCount: 0)
    #expect(empty.pageText == nil && empty.rangeText("Matches", shown: 0) == "")
    #expect(throws: Paging.OutOfRange(page: 2, pageCount: 1)) {
      try Paging(page: 2, size: 50, totalCount: 0)
    }
  }

  @Test(arguments: [0, -1, Int.min, 4, Int.max])
  func pagesOutsideTheListAreRefused(page: Int) {
    #expect(throws: Paging.OutOfRange(page: page, pageCount: 3)) {
      try Paging(page: page, size: 50, totalCount: 150)
    }
  }

  /// A page number from the address can be anything an `Int` holds: its offset saturates
  /// instead of trapping, and page counts near `Int.max` do not overflow either.
  @Test func offsetsAndCountsNeverOverflow() throws {
    #expect(Paging.offset(ofPage: Int.max, size: 50) == Int.max)
    #expect(Paging.offset(ofPage: Int.max / 50 + 2, size: 50) == Int.max)
    #expect(Paging.offset(ofPage: 3, size: 50) == 100)
    #expect(Paging.offset(ofPage: Int.min, size: 50) == 0)
    let huge = try Paging(page: Int.max / 50 + 1, size: 50, totalCount: Int.max)
    #expect(huge.nextPage == nil && huge.pageCount == Int.max / 50 + 1)
  }

  @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_234_567, "1,234,567")])
  func thousandsAreGroupedWithCommas(number: Int, text: String) {
    #expect(Paging.grouped(number) == text)
  }
}
