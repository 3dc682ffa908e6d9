import League
import MVVM
import Memories
import Playlist
import Users

/// Every page template and the outputs it binds: its view model's schema plus the links its
/// coordinator adds. `TemplateLibrary` checks each template against this at start-up.
enum Page: String, CaseIterable {
  case matches
  case matchForm = "match-form"
  case matchDelete = "match-delete"
  case playerForm = "player-form"
  case rankings
  case playlist
  case users
  case person
  case issue
  case memoryDetail = "memory-detail"
  case error

  var file: String { rawValue + ".xhtml" }

  var schema: OutputSchema {
    switch self {
    case .matches:
      MatchesViewModel.outputSchema.addingToItems(of: "rows", ["editLink": .url])
    case .matchForm:
      EditMatchViewModel.outputSchema.adding(["action": .url, "deleteLink": .url])
    case .matchDelete:
      EditMatchViewModel.outputSchema.adding(["action": .url, "cancelLink": .url])
    case .playerForm:
      NewPlayerViewModel.outputSchema.adding([
        "carried": .list(HiddenField.outputSchema), "cancelLink": .url,
      ])
    case .rankings:
      RankingsViewModel.outputSchema
    case .playlist:
      PlaylistViewModel.outputSchema.adding(["previousLink": .url, "nextLink": .url])
    case .users:
      UsersViewModel.outputSchema.addingToItems(of: "rows", ["link": .url])
    case .person:
      PersonViewModel.outputSchema
    case .issue:
      IssueViewModel.outputSchema.adding([
        "albums": .list(
          AlbumViewModel.outputSchema.adding([
            "items": .list(
              UserContentViewModel.outputSchema.adding([
                "detailLink": .url, "interactionsLink": .url,
              ]))
          ]))
      ])
    case .memoryDetail:
      UserContentViewModel.outputSchema.adding([
        "backLink": .url, "dateText": .text, "showsLocation": .flag, "showsEvent": .flag,
        "showsLink": .flag,
        "showsInteractions": .flag,
      ])
    case .error:
      ErrorPageViewModel.outputSchema
    }
  }

  /// Every page's file and schema, as `TemplateLibrary` takes them.
  static var all: [String: OutputSchema] {
    Dictionary(uniqueKeysWithValues: allCases.map { ($0.file, $0.schema) })
  }
}
