import League
import MVVMWeb

extension LeagueNumbersViewModel: Page {
  public static let template = "numbers.xhtml"
}

/// `/numbers`: the league in numbers, live.
public struct LeagueNumbersFeature: Feature {
  static let route = Route("/numbers")
  let store: any LeagueStore
  let data: StoreWork

  public init(store: any LeagueStore, data: StoreWork) {
    self.store = store
    self.data = data
  }

  public func register(in site: inout Site) {
    site.page(Self.route, LeagueNumbersViewModel.self, store: data, following: [.league]) { _ in
      try LeagueNumbersViewModel(store: store)
    }
  }
}
