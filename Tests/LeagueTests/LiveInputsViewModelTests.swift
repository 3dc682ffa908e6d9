import Foundation
import MVVMWebViewModels
import Testing

@testable import League

/// The inputs and outputs an input event goes through: the same setters as a post, then
/// `validate()`, which saves nothing.
@Suite struct LiveInputsViewModelTests {
  let store = InMemoryLeagueStore()

  @Test func aTakenNameIsSaidAsTypedIgnoringCaseAndGoneWhenFree() throws {
    _ = try store.addPlayer(name: "Alice")
    let viewModel = NewPlayerViewModel(store: store)
    viewModel.setName("  aLiCe ")
    try viewModel.validate()
    #expect(viewModel.nameError == "That name is taken")
    viewModel.setName("Alicia")
    try viewModel.validate()
    #expect(viewModel.nameError == nil)
    #expect(try store.players().map(\.name) == ["Alice"])
  }

  @Test func theNameRulesAreSaidAsTheyAreCrossed() throws {
    let viewModel = NewPlayerViewModel(store: store)
    viewModel.setName(String(repeating: "a", count: 50))
    try viewModel.validate()
    #expect(viewModel.nameError == nil)
    viewModel.setName(String(repeating: "a", count: 51))
    try viewModel.validate()
    #expect(viewModel.nameError == "Names can be at most 50 characters")
    // 20 characters as a person counts them, each an e with five accents: 220 bytes.
    viewModel.setName(String(repeating: "e\u{301}\u{301}\u{301}\u{301}\u{301}", count: 20))
    try viewModel.validate()
    #expect(
      viewModel.nameError
        == "This name is too long to store: accents and emoji take more room than letters. "
        + "Use fewer of them.")
    viewModel.setName("Al\u{202E}ice")
    try viewModel.validate()
    #expect(
      viewModel.nameError
        == "Names cannot contain characters that change the direction of the text around them")
    viewModel.setName("   ")
    try viewModel.validate()
    #expect(viewModel.nameError == "Enter a name")
    #expect(try store.players().isEmpty)
  }

  @Test func aPlayerTickedOnOneSideIsDisabledOnTheOtherWithTheReason() throws {
    let alice = try store.addPlayer(name: "Alice")
    let bruno = try store.addPlayer(name: "Bruno")
    let viewModel = try EditMatchViewModel(store: store, draft: MatchDraft(token: "t"))
    viewModel.setHomePlayers([alice.id.lowercasedText])
    viewModel.validate()
    let away = viewModel.awayPlayers
    #expect(away.map(\.isDisabled) == [true, false])
    #expect(away.map(\.note) == ["on the home side", nil])
    #expect(away.map(\.noteID) == ["away-note-\(alice.id.lowercasedText)", nil])
    #expect(viewModel.homePlayers.map(\.isDisabled) == [false, false])
    #expect(bruno.name == "Bruno")
  }

  @Test func goalsAreCheckedAsTypedAndBlankGoalsAreOnlyAReason() throws {
    let viewModel = try EditMatchViewModel(store: store, draft: MatchDraft(token: "t"))
    viewModel.setHomeGoals("1x")
    viewModel.setAwayGoals("")
    viewModel.validate()
    #expect(viewModel.homeGoalsError == "Goals must be a whole number from 0 to 99")
    #expect(viewModel.awayGoalsError == nil)
    #expect(viewModel.homeError == nil && viewModel.awayError == nil)
    #expect(
      viewModel.saveReasons.map(\.text) == [
        "Pick at least one home player", "Pick at least one away player",
        "Home goals must be a whole number from 0 to 99",
        "Away goals must be a whole number from 0 to 99",
      ])
    #expect(viewModel.showsSaveReasons && !viewModel.canSave)
    viewModel.setHomeGoals("100")
    viewModel.validate()
    #expect(viewModel.homeGoalsError == "Goals must be a whole number from 0 to 99")
    viewModel.setHomeGoals("12")
    viewModel.validate()
    #expect(viewModel.homeGoalsError == nil)
  }

  @Test func thePreviewAndCanSaveFollowTheForm() throws {
    let alice = try store.addPlayer(name: "Alice")
    let bruno = try store.addPlayer(name: "Bruno")
    let chloe = try store.addPlayer(name: "Chloé")
    let viewModel = try EditMatchViewModel(store: store, draft: MatchDraft(token: "t"))
    #expect(viewModel.previewText == nil && viewModel.saveReasons.isEmpty)
    viewModel.setHomePlayers([alice.id.lowercasedText, bruno.id.lowercasedText])
    viewModel.validate()
    #expect(viewModel.previewText == "Alice & Bruno ? : ? ?")
    viewModel.setAwayPlayers([chloe.id.lowercasedText])
    viewModel.setHomeGoals("2")
    viewModel.setAwayGoals("1")
    viewModel.validate()
    #expect(viewModel.previewText == "Alice & Bruno 2 : 1 Chloé")
    #expect(viewModel.canSave && viewModel.saveReasons.isEmpty && !viewModel.showsSaveReasons)
    #expect(try store.matches(limit: 10, offset: 0).totalCount == 0)
  }

  @Test func aPlayerOnBothSidesIsSaidNextToTheSidesAndNearSave() throws {
    let alice = try store.addPlayer(name: "Alice")
    let viewModel = try EditMatchViewModel(store: store, draft: MatchDraft(token: "t"))
    viewModel.setHomePlayers([alice.id.lowercasedText])
    viewModel.setAwayPlayers([alice.id.lowercasedText])
    viewModel.setHomeGoals("1")
    viewModel.setAwayGoals("1")
    viewModel.validate()
    #expect(viewModel.bothSidesError == "A player cannot play on both sides")
    #expect(viewModel.saveReasons.map(\.text) == ["A player cannot play on both sides"])
    #expect(viewModel.previewText == "Alice 1 : 1 Alice")
  }

  /// A form's boxes are kept between events (and view models): made again only for a player
  /// whose box changed, the rest reused with their renderings.
  @Test func boxesAreKeptBetweenEventsAndMadeAgainOnlyWhenTheirStateChanges() throws {
    let alice = try store.addPlayer(name: "Alice")
    _ = try store.addPlayer(name: "Bruno")
    let kept = PlayerChoice.Kept()
    let first = try EditMatchViewModel(
      store: store, draft: MatchDraft(token: "t"), keptChoices: kept)
    let second = try EditMatchViewModel(
      store: store, draft: MatchDraft(token: "t"), keptChoices: kept)
    second.setHomePlayers([alice.id.lowercasedText])
    let (firstHome, secondHome) = (first.homePlayers, second.homePlayers)
    #expect(secondHome.map(\.isSelected) == [true, false])
    #expect(zip(firstHome, secondHome).map { $0.kept === $1.kept } == [false, true])
    let (firstAway, secondAway) = (first.awayPlayers, second.awayPlayers)
    #expect(secondAway.map(\.isDisabled) == [true, false])
    #expect(zip(firstAway, secondAway).map { $0.kept === $1.kept } == [false, true])
    // The same ticks again: the same boxes. A box is kept in each state it was in: back to
    // the first form's ticks, the first form's boxes, although Alice's was ticked meanwhile.
    #expect(zip(secondHome, second.homePlayers).map { $0.kept === $1.kept } == [true, true])
    #expect(zip(firstHome, first.homePlayers).map { $0.kept === $1.kept } == [true, true])
    #expect(zip(firstAway, first.awayPlayers).map { $0.kept === $1.kept } == [true, true])
  }

  /// A new roster (a player added) gets new boxes, in its order, each in its state.
  @Test func aNewRosterGetsItsOwnBoxes() throws {
    let bruno = try store.addPlayer(name: "Bruno")
    let kept = PlayerChoice.Kept()
    let before = try EditMatchViewModel(
      store: store, draft: MatchDraft(token: "t"), keptChoices: kept)
    let beforeHome = before.homePlayers
    let alice = try store.addPlayer(name: "Alice")
    let after = try EditMatchViewModel(
      store: store, draft: MatchDraft(token: "t"), keptChoices: kept)
    #expect(after.homePlayers.map(\.name) == ["Alice", "Bruno"])
    after.setHomePlayers([bruno.id.lowercasedText])
    after.setAwayPlayers([alice.id.lowercasedText])
    #expect(after.homePlayers.map(\.isSelected) == [false, true])
    #expect(after.homePlayers.map(\.isDisabled) == [true, false])
    #expect(after.homePlayers.map(\.note) == ["on the away side", nil])
    #expect(!after.homePlayers.contains { box in beforeHome.contains { $0.kept === box.kept } })
  }

  /// The lists kept for a side are bounded by their bytes: 20 of a 2,500-player roster. Past
  /// them every list is forgotten, and a list asked for again is made again.
  @Test func theListsKeptAreBoundedByTheirBytes() throws {
    // Loaded at once: added one by one, each name is checked against all before it.
    _ = try store.load(
      LeagueSnapshot(players: (0..<2_500).map { Player(name: "Player \($0)") }, matches: []))
    let players = try store.players()
    let kept = PlayerChoice.Kept()
    /// The home side's list with player `index` ticked, and where its rows lie.
    func list(
      ticking index: Int
    ) throws -> (rows: [Unchanging<PlayerChoice>], at: UnsafeRawPointer?) {
      let form = try EditMatchViewModel(
        store: store, draft: MatchDraft(token: "t"), keptChoices: kept)
      form.setHomePlayers([players[index].id.lowercasedText])
      let rows = form.homePlayers
      return (rows, rows.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
    }
    let first = try list(ticking: 0)
    #expect(first.rows.count == 2_500)
    #expect(try list(ticking: 0).at == first.at)  // Kept: the same list.
    for index in 1..<20 { _ = try list(ticking: index) }
    #expect(try list(ticking: 0).at == first.at)  // 20 lists fit.
    _ = try list(ticking: 20)  // The 21st: every list forgotten, this one kept.
    let again = try list(ticking: 0)
    #expect(again.at != first.at)  // Made again (the first is still held here).
    #expect(again.rows.map(\.isSelected) == first.rows.map(\.isSelected))
  }

  /// Past the room it was made with, a form's boxes are made for each request, never kept.
  @Test func aRosterLargerThanTheRoomIsNotKept() throws {
    _ = try store.addPlayer(name: "Alice")
    _ = try store.addPlayer(name: "Bruno")
    let kept = PlayerChoice.Kept(players: 1)
    let first = try EditMatchViewModel(
      store: store, draft: MatchDraft(token: "t"), keptChoices: kept)
    let second = try EditMatchViewModel(
      store: store, draft: MatchDraft(token: "t"), keptChoices: kept)
    #expect(first.homePlayers.map(\.name) == ["Alice", "Bruno"])
    #expect(
      zip(first.homePlayers, second.homePlayers).map { $0.kept === $1.kept } == [false, false])
  }
}
