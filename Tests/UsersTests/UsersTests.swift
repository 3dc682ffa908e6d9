import Foundation
import MVVMWebViewModels
import Synchronization
import Testing

@testable import Users

@Suite struct PersonViewModelTests {
  func person(
    _ salutation: String?, birthdate: Date = Date(timeIntervalSince1970: 0)
  ) -> PersonViewModel {
    PersonViewModel(
      user: User(
        id: 1, salutation: salutation, firstName: "Ada", lastName: "Okafor", birthdate: birthdate),
      avatar: Avatar(firstName: "Ada", lastName: "Okafor"))
  }

  @Test func nameWithAndWithoutSalutation() {
    #expect(person("Dr.").nameText == "Dr. Ada Okafor")
    #expect(person(nil).nameText == "Ada Okafor")
    #expect(person("").nameText == "Ada Okafor")
  }

  @Test func birthdayInEnglishWhateverTheServerSettings() {
    #expect(person(nil).birthdayText == "Thursday January 1, 1970")
    #expect(
      person(nil, birthdate: Date(timeIntervalSince1970: 951_782_400)).birthdayText
        == "Tuesday February 29, 2000")
    #expect(person("Dr.").title == "Dr. Ada Okafor")
    #expect(
      person(nil, birthdate: Date(timeIntervalSince1970: 1_709_164_800)).birthdayText
        == "Thursday February 29, 2024")
    #expect(
      person(nil).avatar.url
        == Link(
          UsersDestination.avatar(1, version: Avatar(firstName: "Ada", lastName: "Okafor").version))
    )
    #expect(person(nil).users == .users)
  }

  /// Written without Foundation's formatter, the text is still the day the birthdate falls on in
  /// UTC, before 1970 and up to the year 9999; a birthdate no calendar holds reads "unknown".
  @Test func birthdaysFarFromToday() {
    #expect(
      person(nil, birthdate: Date(timeIntervalSince1970: -1)).birthdayText
        == "Wednesday December 31, 1969")
    #expect(
      person(nil, birthdate: Date(timeIntervalSince1970: -2_208_988_800)).birthdayText
        == "Monday January 1, 1900")
    #expect(
      person(nil, birthdate: Date(timeIntervalSince1970: 253_402_214_400)).birthdayText
        == "Friday December 31, 9999")
    for seconds in [Double.nan, .infinity, -.infinity, 1e300, 253_402_300_800] {
      #expect(
        person(nil, birthdate: Date(timeIntervalSince1970: seconds)).birthdayText == "unknown")
    }
  }
}

@Suite struct UsersViewModelTests {
  @Test func generatorIsDeterministic() {
    #expect(UserGenerator(seed: 7).users() == UserGenerator(seed: 7).users())
    #expect(UserGenerator(seed: 7).users() != UserGenerator(seed: 8).users())
    #expect(UserGenerator(seed: 7).users().count == 100)
    #expect(UserGenerator(seed: 7).users().contains { $0.salutation == nil })
    #expect(UserGenerator(seed: 7).users().contains { $0.salutation != nil })
  }

  @Test func refreshMakesANewSetAndClearCacheEmptiesIt() {
    let store = UserStore(seed: 1)
    let avatars = AvatarCache()
    let viewModel = UsersViewModel(store: store, avatars: avatars)
    let before = viewModel.rows
    #expect(before.count == 100)
    let first = store.snapshot().users[0]
    let firstAvatar = Avatar(firstName: first.firstName, lastName: first.lastName)
    #expect(
      before[0].avatar.url == Link(UsersDestination.avatar(first.id, version: firstAvatar.version)))
    #expect(before[0].link == .person(first.id))
    #expect(before[0].avatar.placeholder == Link(Asset("avatar.svg")))
    #expect(before[0].avatar.isActive && !before[50].avatar.isActive)
    #expect(avatars.count > 0)
    viewModel.clearCache()
    #expect(avatars.count == 0)
    #expect(viewModel.countText == "100 users" && !viewModel.cannotClearCache)
  }

  @Test func refreshShowsItsLoadingStateAndPublishesItsStartAndEnd() {
    let changes = ChangeFeed()
    let store = UserStore(seed: 1, latency: .milliseconds(200), changes: changes)
    let published = Mutex<[String]>([])
    changes.observe { topic in
      published.withLock { $0.append("\(topic) refreshing=\(store.snapshot().isRefreshing)") }
    }
    let viewModel = UsersViewModel(store: store, avatars: AvatarCache())
    let before = viewModel.rows.map(\.name)
    #expect(!viewModel.isRefreshing && viewModel.refreshingText == nil && viewModel.canClearCache)
    let finished = DispatchSemaphore(value: 0)
    viewModel.refresh { finished.signal() }
    // Asked again while it runs: it joins the refresh under way instead of starting another.
    viewModel.refresh { finished.signal() }
    #expect(viewModel.isRefreshing && viewModel.cannotClearCache)
    #expect(viewModel.refreshingText == "Making a new set of users…")
    #expect(viewModel.rows.map(\.name) == before)
    finished.wait()
    finished.wait()
    // The next page builds its view model afresh, from the new set.
    let after = UsersViewModel(store: store, avatars: AvatarCache())
    #expect(!after.isRefreshing && after.refreshingText == nil && after.canClearCache)
    #expect(store.snapshot().users == UserGenerator(seed: 2).users(count: 100))
    #expect(after.rows.map(\.name) != before)
    #expect(published.withLock { $0 } == ["users refreshing=true", "users refreshing=false"])
  }

  /// A refresh that starts, and one that ends, while a page is being rendered: every output of
  /// that page still shows the one state its view model was built from.
  @Test func aRefreshBetweenTwoOutputsDoesNotMixThem() {
    let store = UserStore(seed: 1, latency: .milliseconds(100))
    let viewModel = UsersViewModel(store: store, avatars: AvatarCache())
    let firstSet = UserGenerator(seed: 1).users(count: 100).map(PersonViewModel.name(of:))
    #expect(viewModel.rows.map(\.name) == firstSet)
    let finished = DispatchSemaphore(value: 0)
    store.refresh { finished.signal() }
    #expect(store.snapshot().isRefreshing)
    #expect(!viewModel.isRefreshing && viewModel.refreshingText == nil)
    finished.wait()
    #expect(viewModel.rows.map(\.name) == firstSet)
    #expect(viewModel.countText == "100 users" && viewModel.canClearCache)
    let secondSet = UserGenerator(seed: 2).users(count: 100).map(PersonViewModel.name(of:))
    #expect(firstSet != secondSet)
    #expect(UsersViewModel(store: store, avatars: AvatarCache()).rows.map(\.name) == secondSet)
  }

  @Test func avatarIsInitialsOnAColourFromTheName() {
    let avatar = Avatar(firstName: "Olu", lastName: "O'Brien")
    let svg = String(decoding: avatar.svg, as: UTF8.self)
    #expect(svg.contains(">OO</text></svg>"))
    #expect(avatar == Avatar(firstName: "Olu", lastName: "O'Brien"))
    #expect(avatar.version != Avatar(firstName: "Olu", lastName: "Obi").version)
    #expect(Avatar.escaped("<&'\">") == "&lt;&amp;&apos;&quot;&gt;")
  }
}
