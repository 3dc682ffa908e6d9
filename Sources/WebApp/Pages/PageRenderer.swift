import HTTPServer
import MVVM
import Templating

/// Renders a page's template with its view model into an HTML response, under the request's base
/// path, with destinations turned into the app's addresses.
struct PageRenderer: Sendable {
  let library: TemplateLibrary
  let metrics: AppMetrics

  func render<ViewModel: Outputs>(
    _ page: Page<ViewModel>, _ viewModel: ViewModel, for request: Request,
    status: HTTPStatus = .ok
  ) -> Response {
    // The library is built from `Pages.all`, so every page is there; an empty page would show
    // the omission at once in every test.
    guard let template = library[page.file] else { return .html([], status: .internalServerError) }
    let started = ContinuousClock.now
    var body: [UInt8] = []
    body.reserveCapacity(template.estimatedSize)
    template.render(viewModel, basePath: request.basePath, links: AppLinks(), into: &body)
    metrics.rendered(page: page.file, duration: ContinuousClock.now - started)
    return .html(body, status: status)
  }

  /// The error page in the site's layout.
  func errorPage(_ status: HTTPStatus, _ message: String, for request: Request) -> Response {
    var response = render(
      Pages.error, ErrorPageViewModel(status: status, message: message), for: request,
      status: status)
    response.headers.add("Cache-Control", "no-store")
    return response
  }
}
