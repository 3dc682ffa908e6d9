import League

extension LeagueStore {
  /// Every match, newest first, for tests that compare whole leagues; the app reads a page.
  func allMatches() throws -> [Match] { try matches(limit: .max, offset: 0).matches }
}
