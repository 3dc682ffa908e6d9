import MVVMWeb
import Playlist

/// The playlist's address; `PlaylistCoordinator` registers it and `path(for:)` prints its pages.
enum PlaylistRoutes {
  static let playlist = "/playlist"

  static func path(for destination: PlaylistDestination) -> String {
    switch destination {
    case .page(let number): "\(playlist)?page=\(number)"
    }
  }
}
