import Foundation
import MVVMWebViewModels

/// The match form, new or editing: which players play on each side and the goals. It validates
/// on save and reports each problem next to its field; it says done or failed and
/// never where to go next.
@Outputs
public final class EditMatchViewModel: SavableForm {
  public enum Field: Hashable, Sendable {
    case home, away, bothSides, homeGoals, awayGoals, form
  }

  private let store: any LeagueStore
  private let players: [Player]
  @OutputIgnored public private(set) var draft: MatchDraft
  @OutputIgnored public private(set) var errors: [Field: String] = [:]
  /// A one-time confirmation, such as "Player added" on the way back from the player form.
  public var notice: String?
  /// The match as the store has it, when the form was made from it.
  @OutputIgnored public private(set) var stored: Match?

  /// A form for `draft` (a new match, or one being edited, possibly with changes typed so far).
  public init(store: any LeagueStore, draft: MatchDraft) throws {
    self.store = store
    self.draft = draft
    players = try store.players()
  }

  /// The form for an existing match, or nil when there is no such match.
  public static func editing(
    store: any LeagueStore, matchID: String, token: String
  ) throws -> EditMatchViewModel? {
    guard let id = UUID(text: matchID), let match = try store.match(id: id) else {
      return nil
    }
    let draft = MatchDraft(
      matchID: matchID, homePlayerIDs: match.homePlayers.map { $0.id.lowercasedText },
      awayPlayerIDs: match.awayPlayers.map { $0.id.lowercasedText },
      homeGoals: String(match.homeGoals),
      awayGoals: String(match.awayGoals), token: token)
    let viewModel = try EditMatchViewModel(store: store, draft: draft)
    viewModel.stored = match
    return viewModel
  }

  // MARK: Inputs

  public func setHomePlayers(_ ids: [String]) { draft.homePlayerIDs = ids }
  public func setAwayPlayers(_ ids: [String]) { draft.awayPlayerIDs = ids }
  public func setHomeGoals(_ text: String) { draft.homeGoals = text }
  public func setAwayGoals(_ text: String) { draft.awayGoals = text }

  public func toggleHomePlayer(_ id: String) {
    draft.homePlayerIDs = Self.toggling(id, in: draft.homePlayerIDs)
  }
  public func toggleAwayPlayer(_ id: String) {
    draft.awayPlayerIDs = Self.toggling(id, in: draft.awayPlayerIDs)
  }

  /// Validates and, when everything is right, saves. A rule the store enforces (a player that
  /// no longer exists) fails like validation; any other store failure is thrown, so the
  /// coordinator can say the data could not be saved instead of blaming the form.
  public func save() throws -> Outcome {
    errors = validationErrors()
    guard errors.isEmpty, let homeGoals = Self.goals(draft.homeGoals),
      let awayGoals = Self.goals(draft.awayGoals)
    else { return .failed(message: "The match has errors") }
    let record = MatchRecord(
      id: draft.matchID.flatMap(UUID.init(text:)),
      homePlayerIDs: draft.homePlayerIDs.compactMap { UUID(text: $0) },
      awayPlayerIDs: draft.awayPlayerIDs.compactMap { UUID(text: $0) }, homeGoals: homeGoals,
      awayGoals: awayGoals,
      token: draft.token)
    do {
      _ = try store.saveMatch(record)
      return .done
    } catch LeagueStoreError.unknownPlayer {
      return fail(.form, "One of the players no longer exists; pick players from the list.")
    } catch LeagueStoreError.matchNotFound {
      return fail(.form, "This match no longer exists; it may have been deleted.")
    }
  }

  /// The store could not save the match: the form says so, keeping everything typed.
  public func reportStoreFailure() {
    errors[.form] = "The match could not be saved just now; nothing was changed. Please try again."
  }

  private func fail(_ field: Field, _ message: String) -> Outcome {
    errors[field] = message
    return .failed(message: message)
  }

  /// Deletes the match being edited; fails when it is already gone, and throws when the store
  /// cannot be written.
  public func delete() throws -> Outcome {
    guard let id = draft.matchID.flatMap(UUID.init(text:)), try store.deleteMatch(id: id)
    else {
      return .failed(message: "That match does not exist any more.")
    }
    return .done
  }

  // MARK: Validation

  private func validationErrors() -> [Field: String] {
    var errors: [Field: String] = [:]
    let known = Set(players.map { $0.id.lowercasedText })
    let home = Set(draft.homePlayerIDs.map { $0.lowercased() })
    let away = Set(draft.awayPlayerIDs.map { $0.lowercased() })
    if home.isEmpty { errors[.home] = "Pick at least one home player" }
    if away.isEmpty { errors[.away] = "Pick at least one away player" }
    if !home.isDisjoint(with: away) { errors[.bothSides] = "A player cannot play on both sides" }
    if !home.union(away).isSubset(of: known) { errors[.form] = "Pick players from the list" }
    if Self.goals(draft.homeGoals) == nil {
      errors[.homeGoals] = "Goals must be a whole number from 0 to 99"
    }
    if Self.goals(draft.awayGoals) == nil {
      errors[.awayGoals] = "Goals must be a whole number from 0 to 99"
    }
    return errors
  }

  /// Goals as typed: digits only, 0 to 99. An empty field is refused like any other non-number:
  /// a score nobody typed must not be saved as 0.
  static func goals(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    // Digits only: `Int("+5")` would take a sign.
    guard !trimmed.isEmpty, trimmed.utf8.count <= 2,
      trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let value = Int(trimmed)
    else { return nil }
    return value
  }

  private static func toggling(_ id: String, in ids: [String]) -> [String] {
    ids.contains(id) ? ids.filter { $0 != id } : ids + [id]
  }

  // MARK: Outputs

  public var title: String { draft.matchID == nil ? "New Match" : "Edit Match" }
  /// The match's id, for the hidden field of an edit form; nil for a new match.
  public var matchId: String? { draft.matchID }
  public var token: String { draft.token }
  public var homePlayers: [PlayerChoice] {
    choices(
      selected: draft.homePlayerIDs, other: draft.awayPlayerIDs, otherSide: "away",
      focused: firstFieldInError == .home || firstFieldInError == .bothSides)
  }
  public var awayPlayers: [PlayerChoice] {
    choices(
      selected: draft.awayPlayerIDs, other: draft.homePlayerIDs, otherSide: "home",
      focused: firstFieldInError == .away)
  }
  public var hasPlayers: Bool { !players.isEmpty }
  public var homeGoals: String { draft.homeGoals }
  public var awayGoals: String { draft.awayGoals }
  public var canSave: Bool { validationErrors().isEmpty }
  /// The goals as typed, `?` for one that is not a number: a part of `summaryText`.
  @OutputIgnored public var scoreText: String {
    "\(Self.goals(draft.homeGoals).map(String.init) ?? "?") : \(Self.goals(draft.awayGoals).map(String.init) ?? "?")"
  }

  /// "Ann, Bo 2 : 1 Cy": the match in one line, for the delete confirmation.
  public var summaryText: String {
    let names = { (ids: [String]) in
      let picked = Set(ids.map { $0.lowercased() })
      return self.players.filter { picked.contains($0.id.lowercasedText) }.map(\.name)
        .joined(separator: ", ")
    }
    return "\(names(draft.homePlayerIDs)) \(scoreText) \(names(draft.awayPlayerIDs))"
  }

  /// "Saved as: Ann, Bo 2 : 1 Cy": the match as stored, which an open edit page follows live,
  /// so someone else's change shows beside the form without touching what is typed in it.
  public var storedText: String? {
    stored.map { match in
      let names = { (players: [Player]) in players.map(\.name).joined(separator: ", ") }
      return "Saved as: \(names(match.homePlayers)) \(match.homeGoals) : \(match.awayGoals) "
        + names(match.awayPlayers)
    }
  }

  public var homeError: String? { errors[.home] }
  public var awayError: String? { errors[.away] }
  public var bothSidesError: String? { errors[.bothSides] }
  public var homeGoalsError: String? { errors[.homeGoals] }
  public var awayGoalsError: String? { errors[.awayGoals] }
  public var formError: String? { errors[.form] }
  public var focusesHomeGoals: Bool { firstFieldInError == .homeGoals }
  public var focusesAwayGoals: Bool { firstFieldInError == .awayGoals }

  /// After a refused save the focus goes to the first field in error, in the form's order.
  private var firstFieldInError: Field? {
    [Field.home, .bothSides, .away, .homeGoals, .awayGoals].first { errors[$0] != nil }
  }

  /// Where the form posts: the match being edited, or a new one.
  public var formAction: LeagueDestination { editedID.map { .editMatch($0) } ?? .newMatch }
  /// The delete confirmation of the match being edited; nil for a new match.
  public var deletion: LeagueDestination? { editedID.map { .deleteMatch($0) } }
  /// Where "Keep it" on the delete confirmation leads: back to the edit form.
  public var edit: LeagueDestination? { editedID.map { .editMatch($0) } }
  public var matches: LeagueDestination { .matches }
  /// Where "Add a player" takes the form's draft: the player form, which brings it back.
  public var newPlayer: LeagueDestination { .newPlayer }

  private var editedID: UUID? { draft.matchID.flatMap(UUID.init(text:)) }

  private func choices(
    selected: [String], other: [String], otherSide: String, focused: Bool
  ) -> [PlayerChoice] {
    let picked = Set(selected.map { $0.lowercased() })
    let elsewhere = Set(other.map { $0.lowercased() })
    var focusGiven = !focused
    return players.map { player in
      let id = player.id.lowercasedText
      let isDisabled = elsewhere.contains(id) && !picked.contains(id)
      let isFocused = !focusGiven && !isDisabled
      if isFocused { focusGiven = true }
      return PlayerChoice(
        id: id, name: player.name, isSelected: picked.contains(id), isDisabled: isDisabled,
        note: isDisabled ? "on the \(otherSide) side" : nil, isFocused: isFocused)
    }
  }
}
