import MVVMWebViewModels

/// Who may change the league, said once: the routes are registered with these rules, and the
/// view models show what leads there only to those the rules let through. Reading is for
/// everyone.
public enum LeagueAccess {
  /// Adding and editing players and matches: members (and admins).
  public static let editing = Access.role(.member)
  /// Deleting a match: admins.
  public static let deleting = Access.role(.admin)
}
