import MVVMWebServer
import MVVMWebTemplates
import MVVMWebViewModels

/// Renders a page's template with its view model into an HTML response, under the request's base
/// path, with destinations turned into the app's addresses.
struct PageRenderer: Sendable {
  let templates: TemplateSource
  let metrics: AppMetrics

  func render<ViewModel: Outputs>(
    _ page: Page<ViewModel>, _ viewModel: ViewModel, for request: Request,
    status: HTTPStatus = .ok
  ) -> Response {
    // The library is built from `Pages.all`, so every page is there; an empty page would show
    // the omission at once in every test.
    let library: TemplateLibrary
    switch templates.current() {
    case .success(let loaded): library = loaded
    case .failure(let errors):
      // Only with `--dev`: a fixed library has loaded without errors, or the server did not start.
      let directory = if case .reloading(let source) = templates { source.directory } else { "" }
      return DeveloperErrorPage.templates(errors, directory: directory)
    }
    guard let template = library[page.file] else { return .html([], status: .internalServerError) }
    let started = ContinuousClock.now
    let body = template.render(viewModel, basePath: request.basePath, links: AppLinks())
    metrics.rendered(page: page.file, duration: ContinuousClock.now - started)
    return .html(body, status: status)
  }

  /// Whether the templates stay as loaded (not `--dev`), so a page depends only on its data.
  var templatesAreFixed: Bool {
    if case .fixed = templates { true } else { false }
  }

  /// A page's live elements (`m:live`) for `viewModel`, as pushed to the pages open on it; nil
  /// while the templates do not load (only with `--dev`).
  func liveElements<ViewModel: Outputs>(
    _ page: Page<ViewModel>, _ viewModel: ViewModel, basePath: String
  ) -> [LiveElement]? {
    guard case .success(let library) = templates.current(), let template = library[page.file]
    else { return nil }
    return template.liveElementIDs.compactMap { id in
      template.renderElement(id: id, viewModel, basePath: basePath, links: AppLinks()).map {
        LiveElement(id: id, html: $0)
      }
    }
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
