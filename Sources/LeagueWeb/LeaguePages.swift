import League
import MVVMWeb

/// The league's pages: each template with the view model it renders.
enum MatchesPage: Page {
  typealias ViewModel = MatchesViewModel
  static let template = "matches.xhtml"
}

enum MatchFormPage: Page {
  typealias ViewModel = EditMatchViewModel
  static let template = "match-form.xhtml"
}

enum MatchDeletePage: Page {
  typealias ViewModel = EditMatchViewModel
  static let template = "match-delete.xhtml"
}

enum PlayerFormPage: Page {
  typealias ViewModel = NewPlayerViewModel
  static let template = "player-form.xhtml"
}

enum RankingsPage: Page {
  typealias ViewModel = RankingsViewModel
  static let template = "rankings.xhtml"
}
