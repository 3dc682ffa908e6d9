import MVVMWebServer
import MVVMWebViewModels

/// The error page's outputs: the status and a sentence for a person. Nothing internal.
@Outputs
public struct ErrorPageViewModel {
  /// The answer's status: the page shows its code and reason phrase.
  @OutputIgnored public var status: HTTPStatus
  /// What went wrong and what to do, for a person.
  public var message: String

  /// The status's reason phrase ("Not Found").
  public var title: String { status.reason }
  /// The status code (404).
  public var statusText: Int { status.code }

  /// The page for `status` saying `message`.
  public init(status: HTTPStatus, message: String) {
    self.status = status
    self.message = message
  }
}

/// The site's error page, `error.xhtml`, when `SiteConfiguration.usesErrorTemplate` is on.
public enum ErrorPage: Page {
  /// The error page binds the status and the message.
  public typealias ViewModel = ErrorPageViewModel
  /// The site's `error.xhtml`, in its templates folder.
  public static let template = "error.xhtml"

  /// The error page for `status`, rendered with `view`, or plain text without one; never kept
  /// by a cache.
  static func response(
    _ status: HTTPStatus, _ message: String, for request: Request, view: PageView<ErrorPage>?
  ) -> Response {
    var response =
      view?.render(
        ErrorPageViewModel(status: status, message: message), for: request, status: status)
      ?? .text("\(status.code) \(status.reason): \(message)\n", status: status)
    response.headers.add("Cache-Control", "no-store")
    return response
  }
}
