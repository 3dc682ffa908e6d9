import MVVMWeb

/// What the league's pages confirm after a redirect.
enum LeagueNotice: String, Notice {
  case matchSaved = "match-saved"
  case matchDeleted = "match-deleted"
  case playerAdded = "player-added"

  var text: String {
    switch self {
    case .matchSaved: "Match saved"
    case .matchDeleted: "Match deleted"
    case .playerAdded: "Player added"
    }
  }
}
