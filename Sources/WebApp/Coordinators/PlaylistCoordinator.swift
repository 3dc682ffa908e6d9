import HTTPServer
import MVVM
import Playlist

/// The playlist page: every request goes through the view model and the template (no cached
/// response), so the benchmark measures the real path. A revalidation of an unchanged page is
/// answered from the source's version alone.
struct PlaylistCoordinator: Sendable {
  let source: PlaylistSource
  let pages: PageRenderer
  let validator: PageValidator

  func register(in router: inout Router) {
    let version: (@Sendable () -> String?)? =
      pages.templatesAreFixed ? { @Sendable [source] in source.version() } : nil
    let route = PlaylistRoutes.playlist
    router.get(route) { request in
      try validator.respond(to: request, route: route, version: version) {
        try playlist(request)
      }
    }
  }

  func playlist(_ request: Request) throws -> Response {
    let pageText = request.query["page"] ?? "1"
    // Pages are numbered from 1; anything else (words, 0, negatives, numbers past Int) names no page.
    guard case .value(let page)? = DecimalNumber(pageText), page >= 1 else {
      throw HTTPError(
        .notFound, "There is no playlist page \"\(pageText)\": pages are numbered from 1.")
    }
    let viewModel: PlaylistViewModel
    do {
      viewModel = try PlaylistViewModel(source: source, page: page)
    } catch {
      throw HTTPError(
        .notFound, "There is no playlist page \(page): it has \(error.pageCount) page(s).")
    }
    // A source that cannot be read is the server's problem for now, not the browser's: 503.
    return pages.render(
      Pages.playlist, viewModel, for: request,
      status: viewModel.isError ? .serviceUnavailable : .ok)
  }
}
