/// Where one page of a long list lies: its number (from 1), the page size and the list's length,
/// with the texts and neighbours a pager shows. Every paged list uses it, so pages are counted,
/// refused and described the same way everywhere.
///
/// ```swift
/// let read = try store.matches(
///   limit: Self.pageSize, offset: Paging.offset(ofPage: page, size: Self.pageSize))
/// paging = try Paging(page: page, size: Self.pageSize, totalCount: read.totalCount)
/// ```
public struct Paging: Equatable, Sendable {
  /// A page number before the first or past the last: the web layer answers 404.
  public struct OutOfRange: Error, Equatable {
    /// The page asked for.
    public var page: Int
    /// How many pages the list has (1 at least).
    public var pageCount: Int

    /// Page `page` refused, of a list of `pageCount` pages.
    public init(page: Int, pageCount: Int) {
      self.page = page
      self.pageCount = pageCount
    }
  }

  /// This page's number, from 1.
  public let page: Int
  /// Items to a page.
  public let size: Int
  /// Items in the whole list.
  public let totalCount: Int

  /// Page `page` of a list of `totalCount` items, `size` to a page. An empty list still has its
  /// page 1, which shows that it is empty.
  public init(page: Int, size: Int, totalCount: Int) throws(OutOfRange) {
    precondition(size > 0, "a page holds at least one item")
    let pageCount = Self.pageCount(of: totalCount, size: size)
    guard page >= 1, page <= max(1, pageCount) else {
      throw OutOfRange(page: page, pageCount: max(1, pageCount))
    }
    self.page = page
    self.size = size
    self.totalCount = max(0, totalCount)
  }

  /// Where page `page` starts: the number of items before it. A page so far that no list can
  /// reach it gives `Int.max` (an offset past every list's end) instead of overflowing, so the
  /// read comes back empty and `init` refuses the page with the real page count.
  public static func offset(ofPage page: Int, size: Int) -> Int {
    let (offset, overflowed) = (max(page, 1) - 1).multipliedReportingOverflow(by: size)
    return overflowed ? .max : offset
  }

  /// Items before this page; `page` is at most the page count, so this cannot overflow.
  public var offset: Int { (page - 1) * size }
  /// Pages the list takes; 0 for an empty list.
  public var pageCount: Int { Self.pageCount(of: totalCount, size: size) }
  /// The page before this one, if there is one.
  public var previousPage: Int? { page > 1 ? page - 1 : nil }
  /// The page after this one, if there is one.
  public var nextPage: Int? { page < pageCount ? page + 1 : nil }

  /// "Page 2 of 3" when the list takes more than one page; nil when it fits on one.
  public var pageText: String? {
    pageCount > 1 ? "Page \(Self.grouped(page)) of \(Self.grouped(pageCount))" : nil
  }

  /// "Songs 101–200 of 10,000" for a page showing `shown` items; empty when it shows none.
  public func rangeText(_ noun: String, shown: Int) -> String {
    guard shown > 0 else { return "" }
    let first = offset + 1
    return
      "\(noun) \(Self.grouped(first))–\(Self.grouped(first + shown - 1)) of \(Self.grouped(totalCount))"
  }

  /// Thousands separated by commas, the same in every locale: `NumberText.grouped(_:)`.
  public static func grouped(_ number: Int) -> String { NumberText.grouped(number) }

  /// Pages needed for `count` items; written so that a count near `Int.max` cannot overflow.
  private static func pageCount(of count: Int, size: Int) -> Int {
    count <= 0 ? 0 : (count - 1) / size + 1
  }
}
