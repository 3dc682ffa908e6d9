import MVVMWeb
import Playlist

/// The playlist (the Objective-C MVVM sample): the songs of `source`, a page at a time.
public struct PlaylistFeature: Feature {
  let source: PlaylistSource

  /// The playlist of `source`.
  public init(source: PlaylistSource) {
    self.source = source
  }

  public func register(in site: inout Site) {
    site.links(for: PlaylistDestination.self) { PlaylistRoutes.path(for: $0) }
    PlaylistCoordinator(source: source, page: site.declare(PlaylistPage.self)).register(in: &site)
  }
}

/// The playlist page.
enum PlaylistPage: Page {
  typealias ViewModel = PlaylistViewModel
  static let template = "playlist.xhtml"
}
