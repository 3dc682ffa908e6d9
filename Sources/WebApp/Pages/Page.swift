import Fortunes
import League
import MVVMWebViewModels
import Memories
import Playlist
import Users

/// A page template and the type of the view model it renders: the template is checked against
/// that type's outputs when it loads, and rendering it with another type does not compile.
struct Page<ViewModel: Outputs>: Sendable {
  let file: String

  init(_ file: String) {
    self.file = file
  }
}

/// Every page of the app. `TemplateLibrary` loads and checks them all at start-up.
enum Pages {
  static let matches = Page<MatchesViewModel>("matches.xhtml")
  static let matchForm = Page<EditMatchViewModel>("match-form.xhtml")
  static let matchDelete = Page<EditMatchViewModel>("match-delete.xhtml")
  static let playerForm = Page<NewPlayerViewModel>("player-form.xhtml")
  static let rankings = Page<RankingsViewModel>("rankings.xhtml")
  static let playlist = Page<PlaylistViewModel>("playlist.xhtml")
  static let users = Page<UsersViewModel>("users.xhtml")
  static let person = Page<PersonViewModel>("person.xhtml")
  static let issue = Page<IssueViewModel>("issue.xhtml")
  static let memoryDetail = Page<MemoryDetailViewModel>("memory-detail.xhtml")
  static let error = Page<ErrorPageViewModel>("error.xhtml")
  static let fortunes = Page<FortunesViewModel>("fortunes.xhtml")

  /// Every page's file and schema, as `TemplateLibrary` takes them.
  static var all: [String: OutputSchema] {
    func entry<ViewModel>(_ page: Page<ViewModel>) -> (String, OutputSchema) {
      (page.file, ViewModel.outputSchema)
    }
    return Dictionary(
      uniqueKeysWithValues: [
        entry(matches), entry(matchForm), entry(matchDelete), entry(playerForm), entry(rankings),
        entry(playlist), entry(users), entry(person), entry(issue), entry(memoryDetail),
        entry(error), entry(fortunes),
      ])
  }
}
