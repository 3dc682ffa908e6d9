import Foundation
import MVVMWebViewModels
import Synchronization
import Testing

@testable import League

/// A clock that moves one second per reading, so "newest first" is deterministic.
func tickingClock() -> @Sendable () -> Date {
  let now = Mutex(Date(timeIntervalSince1970: 1_700_000_000))
  return {
    now.withLock {
      $0 += 1
      return $0
    }
  }
}

// The name form's messages, as the page shows them.
private let tooLongToStore =
  "This name is too long to store: accents and emoji take more room than letters. "
  + "Use fewer of them."
private let controlCharacter =
  "Names cannot contain tabs, line breaks or other control characters"
private let directionCharacter =
  "Names cannot contain characters that change the direction of the text around them"

@Suite struct LeagueViewModelTests {
  let store = InMemoryLeagueStore(clock: tickingClock())

  func record(_ home: [Player], _ away: [Player], _ homeGoals: Int, _ awayGoals: Int) throws {
    _ = try store.saveMatch(
      MatchRecord(
        homePlayerIDs: home.map(\.id), awayPlayerIDs: away.map(\.id), homeGoals: homeGoals,
        awayGoals: awayGoals))
  }

  @Test func ratingsAsTheLiteratureComputesThem() throws {
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let cat = try store.addPlayer(name: "Cat")
    let dan = try store.addPlayer(name: "Dan")
    let eve = try store.addPlayer(name: "Eve")
    // Ann and Ben: two draws → 3.33 each.
    try record([ann], [ben], 1, 1)
    try record([ben], [ann], 0, 0)
    // Cat: a win, two draws and a loss → 10 × 5 ÷ 12 = 4.17.
    try record([cat], [dan], 2, 0)
    try record([dan], [cat], 1, 1)
    try record([cat], [dan], 3, 3)
    try record([dan], [cat], 2, 1)
    let rankings = RankingsViewModel(store: store)
    try rankings.refresh()
    #expect(
      rankings.rows.map(\.item) == [
        // Dan's record mirrors Cat's: the tie is broken by name.
        .init(rank: 1, name: "Cat", rating: "4.17", key: cat.id.lowercasedText),
        .init(rank: 2, name: "Dan", rating: "4.17", key: dan.id.lowercasedText),
        .init(rank: 3, name: "Ann", rating: "3.33", key: ann.id.lowercasedText),
        .init(rank: 4, name: "Ben", rating: "3.33", key: ben.id.lowercasedText),
        .init(rank: 5, name: "Eve", rating: "0.00", key: eve.id.lowercasedText),
      ])
    #expect(rankings.rows[0].key == cat.id.uuidString.lowercased())
    #expect(rankings.newPlayer == nil && !rankings.isEmpty)
    // Only a viewer who may add players is shown the way to.
    let member = RankingsViewModel(store: store, viewer: Viewer(name: "Ann", role: .member))
    #expect(member.newPlayer == .newPlayer)
  }

  @Test func matchesNewestFirstWithNamesAndScore() throws {
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let cat = try store.addPlayer(name: "Cat")
    try record([ann], [ben], 2, 1)
    try record([ann, cat], [ben], 0, 3)
    let matches = MatchesViewModel(
      store: store, viewer: Viewer(name: "Ann", role: .member), notice: "Match saved")
    try matches.refresh()
    #expect(matches.rows.map(\.homeText) == ["Ann, Cat", "Ann"])
    #expect(matches.rows.map(\.scoreText) == ["0 : 3", "2 : 1"])
    #expect(matches.rows.map(\.awayText) == ["Ben", "Ben"])
    #expect(matches.notice == "Match saved")
    let newest = try store.allMatches()[0].id
    #expect(matches.rows[0].edit == .editMatch(newest) && matches.newMatch == .newMatch)
    // Someone signed out sees the same rows with no way to change them.
    let reader = MatchesViewModel(store: store)
    try reader.refresh()
    #expect(reader.rows.map(\.scoreText) == ["0 : 3", "2 : 1"])
    #expect(reader.rows.allSatisfy { $0.edit == nil } && reader.newMatch == nil)
    #expect(reader.emptyHint == "Sign in to record the first one.")
    // The row's live key is the id as the app writes it everywhere: lowercase, 36 characters.
    #expect(matches.rows[0].key == newest.uuidString.lowercased())
    // One page: no pager.
    #expect(matches.pageText == nil && matches.rangeText == "Matches 1–2 of 2")
    #expect(matches.previous == nil && matches.next == nil)
  }

  @Test func emptyState() throws {
    let matches = MatchesViewModel(store: store)
    try matches.refresh()
    #expect(matches.isEmpty)
    #expect(matches.emptyText == "No matches yet!")
    #expect(matches.pageText == nil && matches.rangeText == "" && matches.next == nil)
    #expect(throws: Paging.OutOfRange(page: 2, pageCount: 1)) {
      try MatchesViewModel(store: store, page: 2).refresh()
    }
  }

  /// 120 matches, 50 to a page: the newest 50 first with a link to page 2, the oldest 20 last,
  /// and pages the league does not have refused, whatever number the address held.
  @Test func matchesArePagedByFiftyNewestFirst() throws {
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    // Match n scores "n % 10 : n / 10", so each row says which match it is.
    for index in 0..<120 { try record([ann], [ben], index % 10, index / 10) }
    let first = MatchesViewModel(store: store)
    try first.refresh()
    #expect(first.rows.count == 50)
    #expect(first.rows.first?.scoreText == "9 : 11" && first.rows.last?.scoreText == "0 : 7")
    #expect(first.pageText == "Page 1 of 3")
    #expect(first.rangeText == "Matches 1–50 of 120")
    #expect(first.previous == nil && first.next == .matchesPage(2))
    let second = MatchesViewModel(store: store, page: 2)
    try second.refresh()
    #expect(second.rows.first?.scoreText == "9 : 6" && second.rows.last?.scoreText == "0 : 2")
    #expect(second.previous == .matchesPage(1) && second.next == .matchesPage(3))
    let last = MatchesViewModel(store: store, page: 3)
    try last.refresh()
    #expect(last.rows.count == 20)
    #expect(last.rows.first?.scoreText == "9 : 1" && last.rows.last?.scoreText == "0 : 0")
    #expect(last.pageText == "Page 3 of 3")
    #expect(last.rangeText == "Matches 101–120 of 120")
    #expect(last.previous == .matchesPage(2) && last.next == nil)
    for page in [0, -1, 4, Int.max / 50 + 2, Int.max] {
      #expect(throws: Paging.OutOfRange(page: page, pageCount: 3)) {
        try MatchesViewModel(store: store, page: page).refresh()
      }
    }
  }

  @Test func validationMessagesNextToTheirFields() throws {
    let ann = try store.addPlayer(name: "Ann")
    let form = try EditMatchViewModel(store: store, draft: MatchDraft(token: "t1"))
    #expect(form.title == "New Match")
    #expect(!form.canSave)
    form.setHomePlayers([ann.id.uuidString.lowercased()])
    form.setAwayPlayers([ann.id.uuidString.lowercased()])
    form.setHomeGoals("100")
    form.setAwayGoals("two")
    #expect(try form.save() == .failed(message: "The match has errors"))
    #expect(form.bothSidesError == "A player cannot play on both sides")
    #expect(form.homeError == nil)
    #expect(
      form.errors == [
        .bothSides: "A player cannot play on both sides",
        .homeGoals: "Goals must be a whole number from 0 to 99",
        .awayGoals: "Goals must be a whole number from 0 to 99",
      ])
    form.setHomePlayers([])
    form.setAwayPlayers([])
    form.setHomeGoals("3")
    form.setAwayGoals("")
    _ = try form.save()
    // An empty score is refused, not saved as 0.
    #expect(
      form.errors == [
        .home: "Pick at least one home player", .away: "Pick at least one away player",
        .awayGoals: "Goals must be a whole number from 0 to 99",
      ])
    #expect(form.formAction == .newMatch && form.deletion == nil && form.matchId == nil)
    #expect(try store.allMatches().isEmpty)
  }

  @Test func togglingPlayersMarksChoicesAndTheOtherSideAsAHint() throws {
    let ann = try store.addPlayer(name: "Ann").id
    let ben = try store.addPlayer(name: "Ben").id
    let form = try EditMatchViewModel(store: store, draft: MatchDraft(token: "t"))
    form.toggleHomePlayer(ann)
    form.toggleAwayPlayer(ben)
    form.toggleAwayPlayer(ann)
    form.toggleAwayPlayer(ann)
    form.setHomeGoals("0")
    form.setAwayGoals("0")
    #expect(form.draft.homePlayerIDs == [ann])
    #expect(form.draft.awayPlayerIDs == [ben])
    #expect(form.canSave)
    let choices = form.awayPlayers
    #expect(choices.map(\.name) == ["Ann", "Ben"])
    #expect(choices.map(\.isSelected) == [false, true])
    #expect(choices.map(\.isDisabled) == [true, false])
    #expect(choices.map(\.note) == ["on the home side", nil])
    #expect(form.homePlayers.map(\.note) == [nil, "on the away side"])
  }

  @Test(arguments: ["+5", "-0", " ", "", "1e1", "٣", "100", "0x1", "1 2", "1\n", "\u{200B}1"])
  func goalsAreTwoDigitsAndNothingElse(text: String) {
    #expect(EditMatchViewModel.goals(text) == nil)
  }

  /// Spaces around the digits are fine: a tab or any of Unicode's space separators, but not a
  /// line break or a zero-width space (above).
  @Test(arguments: [
    ("0", 0), ("07", 7), ("99", 99), (" 7 ", 7), ("\t42", 42), ("\u{00A0}3\u{3000}", 3),
  ])
  func goalsMayHaveSpacesAround(text: String, goals: Int) {
    #expect(EditMatchViewModel.goals(text) == goals)
  }

  @Test func theFocusGoesToTheFirstFieldInErrorAndOnlyThere() throws {
    let ann = try store.addPlayer(name: "Ann").id.uuidString.lowercased()
    let ben = try store.addPlayer(name: "Ben").id.uuidString.lowercased()
    let form = try EditMatchViewModel(store: store, draft: MatchDraft(token: "t"))
    #expect(!form.focusesHomeGoals && !form.focusesAwayGoals)
    form.setHomeGoals("1")
    #expect((form.homePlayers + form.awayPlayers).filter(\.isFocused).isEmpty)
    form.setAwayPlayers([ann])
    form.setAwayGoals("x")
    _ = try form.save()
    // Home is first in the form and in error: its first box that can be ticked gets the focus.
    #expect(form.homePlayers.map(\.isFocused) == [false, true])
    #expect(form.awayPlayers.filter(\.isFocused).isEmpty && !form.focusesAwayGoals)
    form.setHomePlayers([ben])
    _ = try form.save()
    #expect((form.homePlayers + form.awayPlayers).filter(\.isFocused).isEmpty)
    #expect(form.focusesAwayGoals && !form.focusesHomeGoals)
  }

  @Test func savingTwiceWithOneTokenRecordsOneMatch() throws {
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let draft = MatchDraft(
      homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: "2", awayGoals: "1",
      token: "same")
    #expect(try EditMatchViewModel(store: store, draft: draft).save() == .done)
    #expect(try EditMatchViewModel(store: store, draft: draft).save() == .done)
    #expect(try store.allMatches().count == 1)
  }

  @Test func editingAndDeleting() throws {
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    try record([ann], [ben], 1, 0)
    let id = try store.allMatches()[0].id
    let form = try #require(try EditMatchViewModel.editing(store: store, matchID: id, token: "e"))
    #expect(form.title == "Edit Match")
    #expect(form.draft.homeGoals == "1")
    #expect(form.matchId == id.lowercasedText)
    form.setAwayGoals("4")
    #expect(form.formAction == .editMatch(id))
    #expect(form.deletion == .deleteMatch(id))
    #expect(try form.save() == .done)
    #expect(try store.allMatches()[0].awayGoals == 4)
    #expect(try form.delete() == .done)
    #expect(try form.delete() == .failed(message: "That match does not exist any more."))
    #expect(try store.allMatches().isEmpty)
    #expect(try EditMatchViewModel.editing(store: store, matchID: id, token: "e") == nil)
  }

  /// Ann 1 : 0 Ben stored, and the edit form's post view model over a store that counts reads.
  private func postingToStoredMatch() throws -> (
    ann: Player, ben: Player, id: UUID, counting: CountingLeagueStore, form: EditMatchViewModel
  ) {
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    try record([ann], [ben], 1, 0)
    let id = try store.allMatches()[0].id
    let counting = CountingLeagueStore(base: store)
    let form = try #require(
      try EditMatchViewModel.posting(store: counting, matchID: id, token: "p"))
    return (ann, ben, id, counting, form)
  }

  @Test func aPostIsSavedWithoutReadingTheMatchItReplaces() throws {
    let (ann, ben, id, counting, form) = try postingToStoredMatch()
    form.setHomePlayers([ben.id.lowercasedText])
    form.setAwayPlayers([ann.id.lowercasedText])
    form.setHomeGoals("3")
    form.setAwayGoals("2")
    #expect(try form.save() == .done)
    #expect(counting.reads == ["matchExists", "players"])
    let saved = try #require(try store.match(id: id))
    #expect(saved.homePlayers == [ben] && saved.awayPlayers == [ann])
    #expect((saved.homeGoals, saved.awayGoals) == (3, 2))
    #expect(form.title == "Edit Match" && form.matchId == id.lowercasedText)
    #expect(form.storedText == nil)
  }

  @Test func aRefusedPostShowsTheMatchAsStoredBesideTheForm() throws {
    let (ann, ben, _, counting, form) = try postingToStoredMatch()
    form.setHomePlayers([ann.id.lowercasedText])
    form.setAwayPlayers([ben.id.lowercasedText])
    form.setHomeGoals("3")
    form.setAwayGoals("lots")
    #expect(try form.save() == .failed(message: "The match has errors"))
    #expect(counting.reads == ["matchExists", "players", "match"])
    #expect(form.storedText == "Saved as: Ann 1 : 0 Ben")
    #expect(form.awayGoals == "lots")
    #expect(form.errors == [.awayGoals: "Goals must be a whole number from 0 to 99"])
  }

  @Test func aPostToAMatchThatIsGoneMakesNoForm() throws {
    #expect(try EditMatchViewModel.posting(store: store, matchID: UUID(), token: "p") == nil)
    let new = try #require(try EditMatchViewModel.posting(store: store, matchID: nil, token: "p"))
    #expect(new.title == "New Match" && new.matchId == nil && new.token == "p")
  }

  /// Values that are not ids come only from a forged form: the save is refused as a player not
  /// on the list, whatever else was picked.
  @Test func aPostedPlayerThatIsNotAnIdIsRefused() throws {
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let form = try EditMatchViewModel(store: store, draft: MatchDraft(token: "t"))
    form.setHomePlayers([ann.id.lowercasedText, "", "not-an-id"])
    form.setAwayPlayers([ben.id.uuidString])
    form.setHomeGoals("1")
    form.setAwayGoals("0")
    #expect(!form.canSave)
    #expect(try form.save() == .failed(message: "The match has errors"))
    #expect(form.errors == [.form: "Pick players from the list"])
    form.setHomePlayers(["not-an-id"])
    _ = try form.save()
    #expect(form.errors == [.form: "Pick players from the list"])
    form.setHomePlayers([ann.id.lowercasedText])
    #expect(form.draft.homePlayerIDs == [ann.id] && form.draft.awayPlayerIDs == [ben.id])
    #expect(try form.save() == .done)
    #expect(try store.allMatches().map(\.homeGoals) == [1])
  }

  @Test func thePlayerFormOfTheChildFlowCarriesTheDraftBack() throws {
    let player = UUID()
    let draft = MatchDraft(homePlayerIDs: [player], homeGoals: "2", token: "t")
    let form = NewPlayerViewModel(store: store, returningTo: draft)
    #expect(form.back == .resumeMatch(draft))
    #expect(
      form.carried.map { "\($0.name)=\($0.value)" } == [
        "home=\(player.lowercasedText)", "homeGoals=2", "awayGoals=", "token=t",
      ])
  }

  @Test func aStoreThatFailsIsThrownNotDisguisedAsAFormError() throws {
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let failing = FailingLeagueStore(base: store)
    let form = try EditMatchViewModel(
      store: failing,
      draft: MatchDraft(
        homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: "1", awayGoals: "0",
        token: "t"))
    #expect(throws: FailingLeagueStore.Unavailable.self) { try form.save() }
    form.reportStoreFailure()
    #expect(
      form.formError
        == "The match could not be saved just now; nothing was changed. Please try again.")
    #expect(form.storedText == nil)
    let player = NewPlayerViewModel(store: failing)
    player.setName("Cy")
    #expect(throws: FailingLeagueStore.Unavailable.self) { try player.save() }
  }

  /// An edit the store could not save comes back beside the match as stored, read after the
  /// failure: the form was made for the post without it.
  @Test func anEditTheStoreCouldNotSaveShowsTheMatchAsStored() throws {
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let id = try store.saveMatch(
      MatchRecord(homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: 1, awayGoals: 0))
    let failing = FailingLeagueStore(base: store)
    let form = try #require(
      try EditMatchViewModel.posting(store: failing, matchID: id, token: "t"))
    form.setHomePlayers([ann.id.lowercasedText])
    form.setAwayPlayers([ben.id.lowercasedText])
    form.setHomeGoals("4")
    form.setAwayGoals("4")
    #expect(form.storedText == nil)
    #expect(throws: FailingLeagueStore.Unavailable.self) { try form.save() }
    form.reportStoreFailure()
    #expect(form.storedText == "Saved as: Ann 1 : 0 Ben")
    #expect(form.homeGoals == "4" && form.awayGoals == "4")
  }

  @Test func draftRoundTripsThroughFormFields() {
    let (match, a, b, c) = (UUID(), UUID(), UUID(), UUID())
    let draft = MatchDraft(
      matchID: match, homePlayerIDs: [a, b], awayPlayerIDs: [c], homeGoals: "2",
      awayGoals: "x of 3 ", token: "t")
    #expect(
      draft.pairs.map { "\($0.name)=\($0.value)" } == [
        "match=\(match.lowercasedText)", "home=\(a.lowercasedText)", "home=\(b.lowercasedText)",
        "away=\(c.lowercasedText)", "homeGoals=2", "awayGoals=x of 3 ", "token=t",
      ])
    #expect(MatchDraft(pairs: draft.pairs, newToken: { "new" }) == draft)
    #expect(MatchDraft(pairs: [], newToken: { "new" }) == MatchDraft(token: "new"))
  }

  /// Ids are read once, from text in either case; a value that is not an id is no player, and
  /// a match value that is not an id makes no draft (the coordinator answers 404).
  @Test func aDraftReadsItsIdsOnceFromTheFields() throws {
    let (match, a) = (UUID(), UUID())
    let read = try #require(
      MatchDraft(
        pairs: [
          ("match", match.uuidString), ("home", a.uuidString), ("home", "a"), ("home", ""),
          ("away", String(repeating: "f", count: 37)), ("homeGoals", "12345678901234567890"),
          ("token", String(repeating: "t", count: 65)),
        ], newToken: { "fresh" }))
    #expect(
      read
        == MatchDraft(
          matchID: match, homePlayerIDs: [a], homeGoals: "1234567890123456", token: "fresh"))
    #expect(MatchDraft(pairs: [("match", "m1"), ("token", "t")], newToken: { "new" }) == nil)
    #expect(
      MatchDraft(pairs: [("match", ""), ("token", "t")], newToken: { "new" })?.matchID == nil)
  }

  @Test(arguments: [
    ("", "Enter a name"), ("   ", "Enter a name"),
    (String(repeating: "x", count: 51), "Names can be at most 50 characters"),
    ("ann", "That name is taken"),
  ])
  func newPlayerNameRules(name: String, message: String) throws {
    _ = try store.addPlayer(name: "Ann")
    let form = NewPlayerViewModel(store: store)
    form.setName(name)
    #expect(try form.save() == .failed(message: message))
    #expect(form.nameError == message)
    #expect(form.name == name)
  }

  /// Names are bounded in bytes as well as characters, and refuse the characters that hide or
  /// reorder text; each message comes next to the field with the input kept, and nothing is
  /// stored.
  @Test(arguments: [
    // One character: "a" under 500,000 combining acute accents (a megabyte).
    (
      "a" + String(repeating: "\u{301}", count: 500_000),
      tooLongToStore
    ),
    // One character: 10,000 emoji joined by zero-width joiners.
    (
      Array(repeating: "\u{1F469}", count: 10_000).joined(separator: "\u{200D}"),
      tooLongToStore
    ),
    // 41 characters of 5 bytes each (an e with two marks): under 50 characters, over 200 bytes.
    (
      String(repeating: "e\u{323}\u{302}", count: 41),
      tooLongToStore
    ),
    (String(repeating: "é", count: 51), "Names can be at most 50 characters"),
    ("Ann\u{7}", controlCharacter), ("A\tnn", controlCharacter), ("Ann\u{7F}", controlCharacter),
    ("Ann\u{85}x", controlCharacter),
    ("Ann\u{202E}nib", directionCharacter), ("Ann\u{2066}", directionCharacter),
    ("Ann\u{200F}", directionCharacter), ("Ann\u{61C}", directionCharacter),
  ])
  func newPlayerNamesAreBoundedAndPlain(name: String, message: String) throws {
    let form = NewPlayerViewModel(store: store)
    form.setName(name)
    #expect(try form.save() == .failed(message: message))
    #expect(form.nameError == message)
    #expect(form.name == name)
    #expect(try store.players().isEmpty)
  }

  /// Exactly at both limits is allowed: 50 characters of 4 bytes each (200 bytes).
  @Test(arguments: [
    String(repeating: "\u{1F600}", count: 50), String(repeating: "x", count: 50),
    "\u{05D3}\u{05D5}\u{05D3} Ann", "María-José O'Brien",
  ])
  func newPlayerNamesAtTheLimitsAreSaved(name: String) throws {
    let form = NewPlayerViewModel(store: store)
    form.setName(name)
    #expect(try form.save() == .done)
    #expect(try store.players().map(\.name) == [name])
  }

  /// The store keeps the rules too, whoever calls it.
  @Test(arguments: ["", " ", "a\u{0}", "\u{202D}x", String(repeating: "\u{1F600}", count: 51)])
  func theStoreRefusesNamesThatBreakTheRules(name: String) {
    #expect(throws: LeagueStoreError.invalidName) { try store.addPlayer(name: name) }
  }

  @Test func newPlayerIsTrimmedAndSaved() throws {
    let form = NewPlayerViewModel(store: store)
    form.setName("  Zoë  ")
    #expect(try form.save() == .done)
    #expect(form.createdPlayer?.name == "Zoë")
    #expect(form.back == .rankings && form.carried.isEmpty)
  }
}

@Suite struct RatingFormatTests {
  @Test(arguments: [
    (0.0, "0.00"), (10.0, "10.00"), (10.0 / 3, "3.33"), (50.0 / 12, "4.17"), (6.666, "6.67"),
    (0.05, "0.05"), (0.1, "0.10"), (1.0, "1.00"), (9.999, "10.00"), (9.994, "9.99"),
  ])
  func twoDecimals(rating: Double, text: String) {
    #expect(RankingsViewModel.format(rating) == text)
  }
}

/// Counts from a damaged database file cannot trap the rankings page.
@Suite struct DamagedStandingsTests {
  @Test func hugeOrNegativeCountsGiveARatingFromZeroToTen() {
    let player = Player(name: "Al")
    #expect(Ranking(player: player, matchesPlayed: 1, points: Int.max).rating == 10)
    #expect(Ranking(player: player, matchesPlayed: Int.max, points: Int.max).rating == 10.0 / 3)
    #expect(Ranking(player: player, matchesPlayed: 1, points: -5).rating == 0)
    #expect(Ranking(player: player, matchesPlayed: -3, points: 9).rating == 0)
    #expect(RankingsViewModel.format(1e300) == "10.00")
    #expect(RankingsViewModel.format(.nan) == "0.00")
    #expect(RankingsViewModel.format(-4) == "0.00")
  }
}
