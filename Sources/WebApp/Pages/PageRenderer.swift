import HTTPServer
import MVVM
import Templating

/// Renders a page's template with its outputs into an HTML response, under the request's base path.
struct PageRenderer: Sendable {
  let library: TemplateLibrary

  func render(
    _ page: Page, _ outputs: any Outputs, for request: Request, status: HTTPStatus = .ok
  ) -> Response {
    guard let template = library[page.file] else {
      // The library is built from `Page.all`, so every page is there.
      preconditionFailure("template \(page.file) was not loaded")
    }
    var body: [UInt8] = []
    body.reserveCapacity(template.estimatedSize)
    template.render(outputs, basePath: request.basePath, into: &body)
    return .html(body, status: status)
  }

  /// The error page in the site's layout.
  func errorPage(_ status: HTTPStatus, _ message: String, for request: Request) -> Response {
    var response = render(
      .error, ErrorPageViewModel(status: status, message: message), for: request, status: status)
    response.headers.add("Cache-Control", "no-store")
    return response
  }
}
