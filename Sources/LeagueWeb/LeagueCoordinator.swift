import Foundation
import League
import MVVMWeb

/// Navigation for the league: which view model each address builds, how a form post becomes
/// view-model input events, and where the browser goes when the view model says done or failed. "Add a player" from the match form is a child flow: the form's fields travel to the
/// player form and come back, so nothing typed is lost.
///
/// Every handler that touches the store runs its body through `data`, on the store's threads.
struct LeagueCoordinator: Sendable {
  let store: any LeagueStore
  let data: StoreWork
  let metrics: AppMetrics
  let matchesPage: PageView<MatchesPage>
  let matchFormPage: PageView<MatchFormPage>
  let matchDeletePage: PageView<MatchDeletePage>
  let playerFormPage: PageView<PlayerFormPage>
  let rankingsPage: PageView<RankingsPage>

  init(store: any LeagueStore, data: StoreWork, site: inout Site) {
    self.store = store
    self.data = data
    metrics = site.configuration.metrics
    matchesPage = site.declare(MatchesPage.self)
    matchFormPage = site.declare(MatchFormPage.self)
    matchDeletePage = site.declare(MatchDeletePage.self)
    playerFormPage = site.declare(PlayerFormPage.self)
    rankingsPage = site.declare(RankingsPage.self)
  }

  func register(in site: inout Site) {
    site.live(
      LeagueRoutes.matches, matchesPage, following: [.league], keyedBy: ["page"],
      reading: data, viewModel: { request in try matchesViewModel(request) }
    ) { request in try matches(request) }
    site.get(LeagueRoutes.newMatch) { request in
      data.read(request) { try matchForm(request, matchID: nil) }
    }
    site.post(LeagueRoutes.newMatch) { request in
      // An input event writes nothing: it runs on the read lane, like a page.
      guard !request.isInputEvent else {
        return data.read(request) { try matchInput(request, matchID: nil) }
      }
      return data.write(request) { try saveMatch(request, matchID: nil) }
    }
    // The form holds a one-time token per request: only its bytes can validate it.
    site.live(
      LeagueRoutes.editMatch, matchFormPage, following: [.league], sameForEveryone: false,
      reading: data,
      viewModel: { request in
        try formViewModel(request, matchID: try matchID(request), token: "")
      }
    ) { request in
      try matchForm(request, matchID: try matchID(request))
    }
    site.post(LeagueRoutes.editMatch) { request in
      guard !request.isInputEvent else {
        return data.read(request) {
          try matchInput(request, matchID: try matchID(request))
        }
      }
      return data.write(request) {
        try saveMatch(request, matchID: try matchID(request))
      }
    }
    site.get(LeagueRoutes.deleteMatch) { request in
      data.read(request) { try confirmDelete(request) }
    }
    site.post(LeagueRoutes.deleteMatch) { request in
      data.write(request) { try delete(request) }
    }
    site.get(LeagueRoutes.newPlayer) { request in
      playerForm(try newPlayerViewModel(carrying: request.query), request)
    }
    site.post(LeagueRoutes.newPlayer) { request in
      guard !request.isInputEvent else {
        return data.read(request) { try playerInput(request) }
      }
      return data.write(request) { try savePlayer(request) }
    }
    site.live(
      LeagueRoutes.rankings, rankingsPage, following: [.league], reading: data,
      viewModel: { _ in try rankingsViewModel() }
    ) { request in try rankings(request) }
  }

  // MARK: Matches

  private func matches(_ request: Request) throws -> Response {
    try LeagueNotice.showing(on: request) { notice in
      let viewModel = try reading(request) { try matchesViewModel(request) }
      viewModel.notice = notice
      return matchesPage.render(viewModel, for: request)
    }
  }

  private func matchesViewModel(_ request: Request) throws -> MatchesViewModel {
    let page = try PageParameter.number(request, list: "matches")
    let viewModel = MatchesViewModel(store: store, page: page)
    do {
      try viewModel.refresh()
    } catch let error as Paging.OutOfRange {
      throw PageParameter.notFound(error, list: "matches")
    }
    return viewModel
  }

  private func matchForm(_ request: Request, matchID: UUID?) throws -> Response {
    let carried = request.query.tuples
    let viewModel: EditMatchViewModel
    if carried.contains(where: { $0.name == "token" }) {
      // Back from the child flow: the draft comes back exactly as it left.
      guard var draft = MatchDraft(pairs: carried, newToken: Self.newToken) else {
        throw Self.noSuchMatch
      }
      draft.matchID = matchID
      try ensureExists(matchID, request)
      viewModel = try reading(request) { try EditMatchViewModel(store: store, draft: draft) }
    } else {
      viewModel = try formViewModel(request, matchID: matchID, token: Self.newToken())
    }
    return LeagueNotice.showing(on: request) { notice in
      viewModel.notice = notice
      return matchFormPage.render(viewModel, for: request)
    }
  }

  /// The form post becomes the view model's input events, the same ones its unit tests send,
  /// then `save()`: done goes to the list, failed back to the form with the errors (422), and a
  /// store that cannot be written to the form with the input kept and a 503.
  private func saveMatch(_ request: Request, matchID: UUID?) throws -> Response {
    let form = try request.checkedForm()
    let token = form["token"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.newToken()
    let posted = try reading(request) {
      try EditMatchViewModel.posting(store: store, matchID: matchID, token: token)
    }
    guard let viewModel = posted else { throw Self.noSuchMatch }
    Self.send(form, to: viewModel)
    return save(viewModel, on: matchFormPage, request) { outcome in
      switch outcome {
      case .done:
        LeagueNotice.matchSaved.redirect(to: request.location(LeagueRoutes.matches), for: request)
      case .failed:
        matchFormPage.render(viewModel, for: request, status: .unprocessableContent)
      }
    }
  }

  /// An input event of the match form: the view model is built as for the post, the fields
  /// arrive through the same input events (`send`), and it is checked without saving; the
  /// answer is the form's live parts. A match that is gone is a 404, as its post would be.
  private func matchInput(_ request: Request, matchID: UUID?) throws -> Response {
    let form = try request.checkedInputs(Self.matchFields)
    try Self.checkPlayerIDs(form)
    let token = form["token"].flatMap { $0.isEmpty ? nil : $0 } ?? ""
    let posted = try reading(request) {
      try EditMatchViewModel.posting(store: store, matchID: matchID, token: token)
    }
    guard let viewModel = posted else { throw Self.noSuchMatch }
    Self.send(form, to: viewModel)
    viewModel.validate()
    return try matchFormPage.answerInput(viewModel, for: request)
  }

  /// The fields the match form sends: what `MatchDraft(pairs:)` reads.
  static let matchFields = InputFields(
    single: ["token", "match", "homeGoals", "awayGoals"], repeated: ["home", "away"],
    maxRepeats: MatchDraft.maxPlayers)

  /// The player form's fields: the name, and the match draft it carries.
  static let playerFields = InputFields(
    single: ["name", "token", "match", "homeGoals", "awayGoals"], repeated: ["home", "away"],
    maxRepeats: MatchDraft.maxPlayers)

  /// An input event's player values are the ids of the form's checkboxes: anything else was not
  /// sent by the form, and is refused as such rather than checked like something typed.
  static func checkPlayerIDs(_ form: Parameters) throws(HTTPError) {
    for pair in form.pairs where pair.name == "home" || pair.name == "away" {
      guard pair.value.isEmpty || UUID(text: pair.value) != nil else {
        throw HTTPError(
          .badRequest,
          "The input event sent a \(pair.name) player that is not a player id: the form sends "
            + "the ids of its checkboxes.")
      }
    }
  }

  /// Saves a form's view model and answers with `next(outcome)`; when the store cannot be
  /// written, the form comes back with the input kept and a 503, and the log gets a line.
  private func save<Form: Page>(
    _ viewModel: Form.ViewModel, on page: PageView<Form>, _ request: Request,
    then next: (Outcome) -> Response
  ) -> Response where Form.ViewModel: SavableForm {
    do {
      return next(try viewModel.save())
    } catch {
      StoreFailure.log(error, request, metrics)
      viewModel.reportStoreFailure()
      return page.render(viewModel, for: request, status: .serviceUnavailable)
    }
  }

  /// A posted match form as the view model's input events: which players play on each side and
  /// the goals as typed.
  static func send(_ form: Parameters, to viewModel: EditMatchViewModel) {
    viewModel.setHomePlayers(form.all("home").filter { !$0.isEmpty })
    viewModel.setAwayPlayers(form.all("away").filter { !$0.isEmpty })
    viewModel.setHomeGoals(form["homeGoals"] ?? "")
    viewModel.setAwayGoals(form["awayGoals"] ?? "")
  }

  /// The form of a new match, or of the match `matchID` as stored (404 when there is none).
  private func formViewModel(
    _ request: Request, matchID: UUID?, token: String
  ) throws -> EditMatchViewModel {
    try reading(request) {
      guard let matchID else {
        return try EditMatchViewModel(store: store, draft: MatchDraft(token: token))
      }
      guard
        let editing = try EditMatchViewModel.editing(
          store: store, matchID: matchID, token: token)
      else { throw Self.noSuchMatch }
      return editing
    }
  }

  private func confirmDelete(_ request: Request) throws -> Response {
    let viewModel = try formViewModel(request, matchID: try matchID(request), token: "")
    return matchDeletePage.render(viewModel, for: request)
  }

  private func delete(_ request: Request) throws -> Response {
    _ = try request.checkedForm()
    let viewModel = try formViewModel(request, matchID: try matchID(request), token: "")
    let outcome: Outcome
    do {
      outcome = try viewModel.delete()
    } catch {
      StoreFailure.log(error, request, metrics)
      throw StoreFailure.notSaved
    }
    guard outcome == .done else { throw Self.noSuchMatch }
    return LeagueNotice.matchDeleted.redirect(
      to: request.location(LeagueRoutes.matches), for: request)
  }

  private func ensureExists(_ matchID: UUID?, _ request: Request) throws {
    guard let matchID else { return }
    guard try reading(request, { try store.match(id: matchID) }) != nil else {
      throw Self.noSuchMatch
    }
  }

  /// The `:id` of a match address: a UUID, or the address names no match.
  private func matchID(_ request: Request) throws(HTTPError) -> UUID {
    guard let id = request.routeParameters["id"].flatMap(UUID.init(text:)) else {
      throw Self.noSuchMatch
    }
    return id
  }

  // MARK: Players (a page of its own, and the match form's child flow)

  /// The player form, carrying the match draft it was opened with (`token` marks one), whose
  /// match id must be one.
  private func newPlayerViewModel(
    carrying fields: Parameters
  ) throws(HTTPError)
    -> NewPlayerViewModel
  {
    guard fields.pairs.contains(where: { $0.name == "token" }) else {
      return NewPlayerViewModel(store: store)
    }
    guard let draft = MatchDraft(pairs: fields.tuples, newToken: Self.newToken) else {
      throw Self.noSuchMatch
    }
    return NewPlayerViewModel(store: store, returningTo: draft)
  }

  private func playerForm(
    _ viewModel: NewPlayerViewModel, _ request: Request, status: HTTPStatus = .ok
  ) -> Response {
    playerFormPage.render(viewModel, for: request, status: status)
  }

  /// An input event of the player form: the name through `setName`, as posted, then checked
  /// against the rules and, by a read, the names taken; nothing is saved.
  private func playerInput(_ request: Request) throws -> Response {
    let form = try request.checkedInputs(Self.playerFields)
    try Self.checkPlayerIDs(form)
    let viewModel = try newPlayerViewModel(carrying: form)
    viewModel.setName(form["name"] ?? "")
    try reading(request) { try viewModel.validate() }
    return try playerFormPage.answerInput(viewModel, for: request)
  }

  private func savePlayer(_ request: Request) throws -> Response {
    let form = try request.checkedForm()
    let viewModel = try newPlayerViewModel(carrying: form)
    viewModel.setName(form["name"] ?? "")
    return save(viewModel, on: playerFormPage, request) { outcome in
      switch outcome {
      case .done:
        LeagueNotice.playerAdded.redirect(
          to: request.location(LeagueRoutes.path(for: viewModel.back)), for: request)
      case .failed:
        playerForm(viewModel, request, status: .unprocessableContent)
      }
    }
  }

  // MARK: Rankings

  private func rankings(_ request: Request) throws -> Response {
    try LeagueNotice.showing(on: request) { notice in
      let viewModel = try reading(request) { try rankingsViewModel() }
      viewModel.notice = notice
      return rankingsPage.render(viewModel, for: request)
    }
  }

  private func rankingsViewModel() throws -> RankingsViewModel {
    let viewModel = RankingsViewModel(store: store)
    try viewModel.refresh()
    return viewModel
  }

  /// Runs a store read; a failure is logged and answered 503, never disguised as a 404 or 500.
  private func reading<Value>(_ request: Request, _ read: () throws -> Value) throws -> Value {
    do {
      return try read()
    } catch let error as HTTPError {
      throw error
    } catch {
      StoreFailure.log(error, request, metrics)
      throw StoreFailure.notRead
    }
  }

  private static func newToken() -> String { UUID().lowercasedText }

  private static let noSuchMatch = HTTPError(
    .notFound, "There is no match at this address. It may have been deleted.")
}
