import MVVMWebServer
import MVVMWebViewModels

/// The `page` query parameter of a paged list, and the 404s for pages that do not exist, the
/// same for every list. `list` names the list in the messages ("playlist", "matches").
public enum PageParameter {
  /// The page the address asks for; 1 when it names none. Pages are numbered from 1; anything
  /// else (words, 0, negatives, numbers past `Int`) names no page.
  public static func number(_ request: Request, list: String) throws(HTTPError) -> Int {
    let text = request.query["page"] ?? "1"
    guard case .value(let page)? = DecimalNumber(text), page >= 1 else {
      throw HTTPError(.notFound, "There is no \(list) page \"\(text)\": pages are numbered from 1.")
    }
    return page
  }

  /// The answer to a page past the last.
  public static func notFound(_ error: Paging.OutOfRange, list: String) -> HTTPError {
    HTTPError(
      .notFound, "There is no \(list) page \(error.page): it has \(error.pageCount) page(s).")
  }
}
