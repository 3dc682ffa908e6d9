import HTTPServer
import MVVM
import Playlist

/// The playlist page: every request goes through the view model and the template (no cached
/// response), so the benchmark measures the real path.
struct PlaylistCoordinator: Sendable {
  let source: PlaylistSource
  let pages: PageRenderer

  func register(in router: inout Router) {
    router.get("/playlist") { request in try playlist(request) }
  }

  func playlist(_ request: Request) throws -> Response {
    let pageText = request.query["page"] ?? "1"
    guard let page = Int(pageText) else {
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
    let outputs = ExtendedOutputs(
      viewModel,
      [
        "previousLink": .url("/playlist?page=\(page - 1)"),
        "nextLink": .url("/playlist?page=\(page + 1)"),
      ])
    // A source that cannot be read is the server's problem for now, not the browser's: 503.
    return pages.render(
      .playlist, outputs, for: request, status: viewModel.isError ? .serviceUnavailable : .ok)
  }
}
