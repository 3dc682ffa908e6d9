import Foundation
import MVVM
import Testing

@testable import Users

@Suite struct PersonViewModelTests {
  func person(
    _ salutation: String?, birthdate: Date = Date(timeIntervalSince1970: 0)
  ) -> PersonViewModel {
    PersonViewModel(
      user: User(
        id: 1, salutation: salutation, firstName: "Ada", lastName: "Okafor", birthdate: birthdate),
      avatarURL: "/users/1/avatar.svg")
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
    #expect(PersonViewModel.outputSchema.mismatches(in: person("Dr.")) == [])
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
    let viewModel = UsersViewModel(store: store, avatars: avatars) { user, avatar in
      "/users/\(user.id)/avatar.svg?v=\(avatar.version)"
    }
    let before = viewModel.rows
    #expect(before.count == 100)
    #expect(before[0].avatar.url?.hasPrefix("/users/1/avatar.svg?v=") == true)
    #expect(before[0].avatar.isActive && !before[50].avatar.isActive)
    #expect(avatars.count > 0)
    viewModel.refresh()
    #expect(viewModel.rows.map(\.name) != before.map(\.name))
    #expect(viewModel.canClearCache)
    viewModel.clearCache()
    #expect(avatars.count == 0)
    #expect(UsersViewModel.outputSchema.mismatches(in: viewModel) == [])
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
