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
  /// Where both sides' boxes are kept between requests.
  private let keptChoices: PlayerChoice.Kept
  @OutputIgnored public private(set) var draft: MatchDraft
  @OutputIgnored public private(set) var errors: [Field: String] = [:]
  /// The sides whose posted players include a value that is not an id: no player of the list.
  private var unreadableSides: Set<Field> = []
  /// What keeps the match from being saved, in the form's order, after `validate()`; empty
  /// before, so the page without script is the form it always was.
  public private(set) var saveReasons: [FormReason] = []
  /// "Alice & Bruno 2 : 1 Chloé": the result as it would be saved, in one line, made by
  /// `validate()` ("?" for what is missing or not a number yet); nil before. Made once there,
  /// not on each read: the page reads it twice, to test it and to write it.
  public private(set) var previewText: String?
  /// A one-time confirmation, such as "Player added" on the way back from the player form.
  public var notice: String?
  /// The match as the store has it: read when the form was made from it, or when the form of a
  /// post comes back refused.
  @OutputIgnored public private(set) var stored: Match?

  /// A form for `draft` (a new match, or one being edited, possibly with changes typed so far),
  /// its boxes kept in `keptChoices`.
  public convenience init(
    store: any LeagueStore, draft: MatchDraft, keptChoices: PlayerChoice.Kept = PlayerChoice.Kept()
  ) throws {
    self.init(store: store, draft: draft, players: try store.players(), keptChoices: keptChoices)
  }

  private init(
    store: any LeagueStore, draft: MatchDraft, players: [Player],
    keptChoices: PlayerChoice.Kept = PlayerChoice.Kept()
  ) {
    self.store = store
    self.draft = draft
    self.players = players
    self.keptChoices = keptChoices
  }

  /// The form for an existing match, or nil when there is no such match.
  public static func editing(
    store: any LeagueStore, matchID: UUID, token: String,
    keptChoices: PlayerChoice.Kept = PlayerChoice.Kept()
  ) throws -> EditMatchViewModel? {
    guard let match = try store.match(id: matchID) else { return nil }
    let draft = MatchDraft(
      matchID: matchID, homePlayerIDs: match.homePlayers.map(\.id),
      awayPlayerIDs: match.awayPlayers.map(\.id), homeGoals: String(match.homeGoals),
      awayGoals: String(match.awayGoals), token: token)
    let viewModel = try EditMatchViewModel(store: store, draft: draft, keptChoices: keptChoices)
    viewModel.stored = match
    return viewModel
  }

  /// The form a post to the match `matchID` (nil: a new match) is sent into, before its fields
  /// arrive as input events: it reads only what saving needs, the players to validate against
  /// and whether the match exists, and is nil when it does not. The stored match is read only if
  /// the form comes back refused, to show beside it.
  public static func posting(
    store: any LeagueStore, matchID: UUID?, token: String,
    keptChoices: PlayerChoice.Kept = PlayerChoice.Kept()
  ) throws -> EditMatchViewModel? {
    if let matchID, try !store.matchExists(id: matchID) { return nil }
    return try EditMatchViewModel(
      store: store, draft: MatchDraft(matchID: matchID, token: token), keptChoices: keptChoices)
  }

  // MARK: Inputs

  /// The players' ids as the form's checkboxes sent them (an empty value is none), read once.
  public func setHomePlayers(_ values: [String]) {
    let (ids, unreadable) = MatchDraft.playerIDs(values)
    draft.homePlayerIDs = ids
    if unreadable { unreadableSides.insert(.home) } else { unreadableSides.remove(.home) }
  }
  public func setAwayPlayers(_ values: [String]) {
    let (ids, unreadable) = MatchDraft.playerIDs(values)
    draft.awayPlayerIDs = ids
    if unreadable { unreadableSides.insert(.away) } else { unreadableSides.remove(.away) }
  }
  /// The form's one-time token, as posted: the same token twice records one match. An empty
  /// one, or one longer than a form makes, keeps the token the form was built with.
  public func setToken(_ text: String) {
    if !text.isEmpty && text.utf8.count <= 64 { draft.token = text }
  }
  public func setHomeGoals(_ text: String) { draft.homeGoals = text }
  public func setAwayGoals(_ text: String) { draft.awayGoals = text }

  public func toggleHomePlayer(_ id: UUID) {
    draft.homePlayerIDs = Self.toggling(id, in: draft.homePlayerIDs)
  }
  public func toggleAwayPlayer(_ id: UUID) {
    draft.awayPlayerIDs = Self.toggling(id, in: draft.awayPlayerIDs)
  }

  /// Checks the form as typed, saving nothing. Each problem with what is there is said next to
  /// its field (goals that are not a number, a player on both sides); what is not there yet (a
  /// side without players, goals not typed) is not blamed on a field nobody has reached, but it
  /// is among `saveReasons`, as is every other problem.
  public func validate() {
    let all = validationErrors()
    errors = all.filter { field, _ in
      switch field {
      case .home, .away: false
      case .homeGoals: !Self.isBlank(draft.homeGoals)
      case .awayGoals: !Self.isBlank(draft.awayGoals)
      case .bothSides, .form: true
      }
    }
    saveReasons = [Field.home, .away, .bothSides, .form, .homeGoals, .awayGoals].compactMap {
      field in
      guard let message = all[field] else { return nil }
      switch field {
      case .homeGoals: return FormReason(text: "Home goals must be a whole number from 0 to 99")
      case .awayGoals: return FormReason(text: "Away goals must be a whole number from 0 to 99")
      default: return FormReason(text: message)
      }
    }
    previewText =
      "\(previewNames(draft.homePlayerIDs)) \(scoreText) \(previewNames(draft.awayPlayerIDs))"
  }

  /// The ticked players' names, "?" for none. Each id is looked for in the list: a side has a
  /// few, and a table of every player cost more than the rest of a 100-player form's event.
  private func previewNames(_ ids: [UUID]) -> String {
    let names = ids.compactMap { id in players.first { $0.id == id }?.name }
    return names.isEmpty ? "?" : names.joined(separator: " & ")
  }

  private static func isBlank(_ text: String) -> Bool {
    text.allSatisfy { $0 == " " || $0 == "\t" }
  }

  /// Validates and, when everything is right, saves. A rule the store enforces (a player that
  /// no longer exists) fails like validation; any other store failure is thrown, so the
  /// coordinator can say the data could not be saved instead of blaming the form.
  public func save() throws -> Outcome {
    errors = validationErrors()
    guard errors.isEmpty, let homeGoals = Self.goals(draft.homeGoals),
      let awayGoals = Self.goals(draft.awayGoals)
    else { return try refused(message: "The match has errors") }
    let record = MatchRecord(
      id: draft.matchID, homePlayerIDs: draft.homePlayerIDs, awayPlayerIDs: draft.awayPlayerIDs,
      homeGoals: homeGoals, awayGoals: awayGoals, token: draft.token)
    do {
      _ = try store.saveMatch(record)
      return .done
    } catch LeagueStoreError.unknownPlayer {
      return try fail(.form, "One of the players no longer exists; pick players from the list.")
    } catch LeagueStoreError.matchNotFound {
      return try fail(.form, "This match no longer exists; it may have been deleted.")
    }
  }

  /// The store could not save the match: the form says so, keeping everything typed, and an
  /// edited match shows beside it as stored when it can still be read (a write lock held
  /// elsewhere stops only writes); when it cannot, the form comes back without it.
  public func reportStoreFailure() {
    errors[.form] = "The match could not be saved just now; nothing was changed. Please try again."
    if stored == nil, let id = draft.matchID { stored = try? store.match(id: id) }
  }

  private func fail(_ field: Field, _ message: String) throws -> Outcome {
    errors[field] = message
    return try refused(message: message)
  }

  /// The form goes back to the person: an edited match shows beside it as stored, read now if
  /// the form was made for a post without it.
  private func refused(message: String) throws -> Outcome {
    if stored == nil, let id = draft.matchID { stored = try store.match(id: id) }
    return .failed(message: message)
  }

  /// Deletes the match being edited; fails when it is already gone, and throws when the store
  /// cannot be written.
  public func delete() throws -> Outcome {
    guard let id = draft.matchID, try store.deleteMatch(id: id) else {
      return .failed(message: "That match does not exist any more.")
    }
    return .done
  }

  // MARK: Validation

  private func validationErrors() -> [Field: String] {
    var errors: [Field: String] = [:]
    // Lists searched, not sets built: a side holds a few ids (each once, as `MatchDraft` reads
    // them), and hashing every player's id cost more than the rest of the check.
    let home = draft.homePlayerIDs
    let away = draft.awayPlayerIDs
    let isKnown = { (id: UUID) in self.players.contains { $0.id == id } }
    if home.isEmpty && !unreadableSides.contains(.home) {
      errors[.home] = "Pick at least one home player"
    }
    if away.isEmpty && !unreadableSides.contains(.away) {
      errors[.away] = "Pick at least one away player"
    }
    if home.contains(where: away.contains) {
      errors[.bothSides] = "A player cannot play on both sides"
    }
    if !unreadableSides.isEmpty || !home.allSatisfy(isKnown) || !away.allSatisfy(isKnown) {
      errors[.form] = "Pick players from the list"
    }
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
    // Spaces around the digits are fine (a tab or any of Unicode's space separators), looked at
    // scalar by scalar: the form asks this several times per input event, and Foundation's
    // `trimmingCharacters` costs thousands of instructions a call.
    // Of ASCII, only the space is a space separator: Unicode's table is asked for the rest.
    let isSpace = { (scalar: Unicode.Scalar) in
      scalar == " " || scalar == "\t"
        || (!scalar.isASCII && scalar.properties.generalCategory == .spaceSeparator)
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return nil }
    // Digits only, at most two: no sign, so "+5" is not 5.
    let digits = scalars[first...last]
    guard digits.count <= 2, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1.value - 48) }
  }

  private static func toggling(_ id: UUID, in ids: [UUID]) -> [UUID] {
    ids.contains(id) ? ids.filter { $0 != id } : ids + [id]
  }

  // MARK: Outputs

  public var title: String { draft.matchID == nil ? "New Match" : "Edit Match" }
  /// The match's id, for the hidden field of an edit form; nil for a new match.
  public var matchId: String? { draft.matchID?.lowercasedText }
  public var token: String { draft.token }
  public var homePlayers: [Unchanging<PlayerChoice>] {
    keptChoices.home.choices(
      players: players, selected: draft.homePlayerIDs, other: draft.awayPlayerIDs,
      focused: firstFieldInError == .home || firstFieldInError == .bothSides)
  }
  public var awayPlayers: [Unchanging<PlayerChoice>] {
    keptChoices.away.choices(
      players: players, selected: draft.awayPlayerIDs, other: draft.homePlayerIDs,
      focused: firstFieldInError == .away)
  }
  public var hasPlayers: Bool { !players.isEmpty }
  /// Whether `saveReasons` has anything to list.
  public var showsSaveReasons: Bool { !saveReasons.isEmpty }
  public var homeGoals: String { draft.homeGoals }
  public var awayGoals: String { draft.awayGoals }
  public var canSave: Bool { validationErrors().isEmpty }
  /// The goals as typed, `?` for one that is not a number: a part of `summaryText`.
  @OutputIgnored public var scoreText: String {
    "\(Self.goals(draft.homeGoals).map(String.init) ?? "?") : \(Self.goals(draft.awayGoals).map(String.init) ?? "?")"
  }

  /// "Ann, Bo 2 : 1 Cy": the match in one line, for the delete confirmation.
  public var summaryText: String {
    let names = { (ids: [UUID]) in
      let picked = Set(ids)
      return self.players.filter { picked.contains($0.id) }.map(\.name)
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
  /// Read five times a render: most renders have no error, and an array literal here cost a
  /// runtime type lookup each time.
  private var firstFieldInError: Field? {
    errors.isEmpty ? nil : Self.fieldOrder.first { errors[$0] != nil }
  }
  private static let fieldOrder: [Field] = [.home, .bothSides, .away, .homeGoals, .awayGoals]

  /// Where the form posts: the match being edited, or a new one.
  public var formAction: LeagueDestination { editedID.map { .editMatch($0) } ?? .newMatch }
  /// The delete confirmation of the match being edited; nil for a new match. Deleting is the
  /// admins' (`LeagueAccess.deleting`, on the route): the page leaves the link out for anyone
  /// else, as it does every link to a route its viewer may not use.
  public var deletion: LeagueDestination? { editedID.map { .deleteMatch($0) } }
  /// Where "Keep it" on the delete confirmation leads: back to the edit form.
  public var edit: LeagueDestination? { editedID.map { .editMatch($0) } }
  public var matches: LeagueDestination { .matches }
  /// Where "Add a player" takes the form's draft: the player form, which brings it back.
  public var newPlayer: LeagueDestination { .newPlayer }

  private var editedID: UUID? { draft.matchID }
}

extension EditMatchViewModel: Inputs {
  /// The sides' players, the goals as typed and the one-time token. The match comes from the
  /// form's address; its field only carries it through the "Add a player" child flow.
  public static let inputs: [Input<EditMatchViewModel>] = [
    .text(MatchDraft.Field.token, setToken), .carried(MatchDraft.Field.match),
    .list(
      MatchDraft.Field.home, max: MatchDraft.maxPlayers, accepts: MatchDraft.isPlayerID,
      setHomePlayers),
    .list(
      MatchDraft.Field.away, max: MatchDraft.maxPlayers, accepts: MatchDraft.isPlayerID,
      setAwayPlayers),
    .text(MatchDraft.Field.homeGoals, setHomeGoals),
    .text(MatchDraft.Field.awayGoals, setAwayGoals),
  ]
}
