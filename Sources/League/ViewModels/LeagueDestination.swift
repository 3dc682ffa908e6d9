import Foundation
import MVVMWebViewModels

/// The places of the league a link or a form can lead to. View models hold these, never URLs; the
/// web layer's route table turns each into its address.
public enum LeagueDestination: Destination {
  case matches
  /// Page `n` of the matches, from 1.
  case matchesPage(Int)
  case newMatch
  case editMatch(UUID)
  case deleteMatch(UUID)
  /// The match form again, with the draft that travelled through "Add a player" and back.
  case resumeMatch(MatchDraft)
  case newPlayer
  case rankings
}
