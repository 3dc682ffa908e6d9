import Foundation
import League
import MVVMWebTemplates
import MVVMWebViewModels
import Memories
import Playlist
import Users

/// The app's addresses: every destination a view model can hold, turned into the path its
/// coordinator serves. Each feature's paths sit beside its routes (`LeagueRoutes` …), and the
/// route tests walk every destination through the router to prove the two agree.
struct AppLinks: LinkPrinter {
  func path(for destination: any Destination) -> String {
    switch destination {
    case let league as LeagueDestination: LeagueRoutes.path(for: league)
    case let playlist as PlaylistDestination: PlaylistRoutes.path(for: playlist)
    case let users as UsersDestination: UsersRoutes.path(for: users)
    case let memories as MemoriesDestination: MemoriesRoutes.path(for: memories)
    case let asset as Asset: "/static/" + Self.encodedSegment(asset.file)
    default: URLSafetyBlocked.url
    }
  }

  /// A path segment from data (an id, a file name), percent-encoded so it stays one segment.
  static func encodedSegment(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? ""
  }

  private static let segmentCharacters: CharacterSet = {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return allowed
  }()
}

/// What a destination no route table knows prints as: a URL that goes nowhere.
enum URLSafetyBlocked {
  static let url = "about:invalid#blocked"
}
