import League
import Testing

@Suite struct LeagueNumbersViewModelTests {
  @Test func anEmptyLeagueHasNoBusiestPlayer() throws {
    let numbers = try LeagueNumbersViewModel(store: InMemoryLeagueStore())
    #expect(numbers.playerCount == 0 && numbers.matchCount == 0)
    #expect(numbers.busiest == "No one yet")
  }

  @Test func theBusiestPlayerHasPlayedMostAndTiesGoByName() throws {
    let store = InMemoryLeagueStore(clock: tickingClock())
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let cid = try store.addPlayer(name: "Cid")
    _ = try store.addPlayer(name: "Dee")
    for (home, away) in [(ben, cid), (ann, ben), (cid, ann)] {
      _ = try store.saveMatch(
        MatchRecord(
          homePlayerIDs: [home.id], awayPlayerIDs: [away.id], homeGoals: 1, awayGoals: 0))
    }
    let numbers = try LeagueNumbersViewModel(store: store)
    #expect(numbers.playerCount == 4 && numbers.matchCount == 3)
    // Ann, Ben and Cid played two each: the first name wins.
    #expect(numbers.busiest == "Ann, 2 matches")
  }
}
