import MVVMWeb
import Playlist

/// The playlist page's request path without the socket: view model, template, bytes. Used by the
/// RenderBench timing executable, so the figure it reports is the real page's.
public struct PlaylistPageBenchmark {
  private let coordinator: PlaylistCoordinator
  private let source: PlaylistSource
  private let request: Request

  /// The page of the songs in `songsPath`, with the templates in `templates` and the site's
  /// layout outputs (its navigation) from `layout`, as the app renders it.
  public init<Layout: Outputs & Sendable>(
    templates: String, songsPath: String,
    layout: @escaping (_ path: (any Destination) -> String) -> Layout
  ) throws {
    var site = Site(SiteConfiguration(templatesDirectory: templates))
    site.layout(layout)
    let page = site.declare(PlaylistPage.self)
    _ = try site.build()
    source = PlaylistSource(fetcher: FileSongFetcher(path: songsPath))
    coordinator = PlaylistCoordinator(source: source, page: page)
    request = try Request(method: .get, target: "/playlist")
  }

  /// How many songs the page shows.
  public var songCount: Int { (try? source.current().get().count) ?? 0 }

  /// Renders the page once; returns its size.
  public func renderOnce() -> Int {
    guard let response = try? coordinator.playlist(request, page: .first),
      case .bytes(let body) = response.body
    else { return 0 }
    return body.count
  }
}
