import MVVMWeb
import Playlist

/// The playlist page: every request goes through the view model and the template (no cached
/// response), so the benchmark measures the real path. A revalidation of an unchanged page is
/// answered from the source's version alone.
struct PlaylistCoordinator: Sendable {
  let source: PlaylistSource
  let page: PageView<PlaylistPage>

  func register(in site: inout Site) {
    let version: (@Sendable () -> String?)? =
      site.templatesAreFixed ? { @Sendable [source] in source.version() } : nil
    let route = PlaylistRoutes.playlist
    site.get(route) { [validator = site.validator] request, number in
      try validator.respond(to: request, route: route.pattern, version: version) {
        try playlist(request, page: number)
      }
    }
  }

  func playlist(_ request: Request, page number: PageNumber) throws -> Response {
    let viewModel: PlaylistViewModel
    do {
      viewModel = try PlaylistViewModel(source: source, page: number.number)
    } catch {
      throw PageParameter.notFound(error, list: "playlist")
    }
    // A source that cannot be read is the server's problem for now, not the browser's: 503.
    return page.render(
      viewModel, for: request, status: viewModel.isError ? .serviceUnavailable : .ok)
  }
}
