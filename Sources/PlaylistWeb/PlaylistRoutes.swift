import MVVMWeb
import Playlist

/// The playlist's address, declared once: `PlaylistCoordinator` routes it and `path(for:)`
/// prints its pages.
enum PlaylistRoutes {
  static let playlist = Route("/playlist?page", PageNumber.self)

  static func path(for destination: PlaylistDestination) -> String {
    switch destination {
    case .page(let number): playlist.path(PageNumber(number) ?? .first)
    }
  }
}
