import Foundation
import League
import MVVMWeb

/// Navigation for the league: which view model each address builds and where the browser goes
/// when a form's view model says done; the site sends the forms' fields to the view models'
/// inputs. "Add a player" from the match form is a child flow: the form's fields travel to the
/// player form and come back, so nothing typed is lost.
///
/// Every handler that touches the store runs on `data`'s threads.
struct LeagueCoordinator: Sendable {
  let store: any LeagueStore
  let data: StoreWork
  let metrics: AppMetrics
  let matchesPage: PageView<MatchesPage>
  let matchDeletePage: PageView<MatchDeletePage>
  let rankingsPage: PageView<RankingsPage>
  /// The lists' rows, kept for the site's life: a row is made and written once per change of
  /// what it shows, not once per request.
  /// The matches' rows, kept for viewers who may edit them and for those who may not.
  let editableRows = MatchesViewModel.makeKeptRows(editable: true)
  let readOnlyRows = MatchesViewModel.makeKeptRows(editable: false)
  let rankingRows = RankingsViewModel.makeKeptRows()
  let choices = PlayerChoice.Kept()

  init(store: any LeagueStore, data: StoreWork, site: inout Site) {
    self.store = store
    self.data = data
    metrics = site.configuration.metrics
    matchesPage = site.declare(MatchesPage.self)
    matchDeletePage = site.declare(MatchDeletePage.self)
    rankingsPage = site.declare(RankingsPage.self)
  }

  func register(in site: inout Site) {
    site.live(
      LeagueRoutes.matches, matchesPage, store: data, following: [.league],
      viewModel: { request, page in try matchesViewModel(page, viewer: request.viewer) }
    ) { request, page in try matches(request, page) }
    site.form(
      LeagueRoutes.newMatch, MatchFormPage.self, store: data, notices: LeagueNotice.self,
      inputsFromMemory: true, allowed: LeagueAccess.editing
    ) { form in
      try matchForm(form, matchID: nil)
    } done: { request, _ in
      LeagueNotice.matchSaved.redirect(
        to: request.location(LeagueRoutes.path(for: .matches)), for: request)
    }
    // The form holds a one-time token per request: only its bytes can validate it.
    site.form(
      LeagueRoutes.editMatch, MatchFormPage.self, store: data, following: [.league],
      sameForEveryone: false, notices: LeagueNotice.self, allowed: LeagueAccess.editing
    ) { form, id in
      try matchForm(form, matchID: id)
    } done: { request, _, _ in
      LeagueNotice.matchSaved.redirect(
        to: request.location(LeagueRoutes.path(for: .matches)), for: request)
    }
    site.get(LeagueRoutes.deleteMatch, allowed: LeagueAccess.deleting) { request, id in
      data.read(request) {
        matchDeletePage.render(try formViewModel(request, matchID: id, token: ""), for: request)
      }
    }
    site.post(LeagueRoutes.deleteMatch, allowed: LeagueAccess.deleting) { request, id in
      data.write(request) { try delete(request, matchID: id) }
    }
    site.form(
      LeagueRoutes.newPlayer, PlayerFormPage.self, store: data, inputsFromMemory: true,
      allowed: LeagueAccess.editing
    ) { form in
      try newPlayerViewModel(
        carrying: form.submission?.pairs ?? form.request.query.tuples, reading: reading(form))
    } done: { request, viewModel in
      LeagueNotice.playerAdded.redirect(
        to: request.location(LeagueRoutes.path(for: viewModel.back)), for: request)
    }
    site.live(
      LeagueRoutes.rankings, rankingsPage, store: data, following: [.league],
      viewModel: { request in try rankingsViewModel(viewer: request.viewer) }
    ) { request in try rankings(request) }
  }

  // MARK: Matches

  private func matches(_ request: Request, _ page: PageNumber) throws -> Response {
    try LeagueNotice.showing(on: request) { notice in
      let viewModel = try reading(request) { try matchesViewModel(page, viewer: request.viewer) }
      viewModel.notice = notice
      return matchesPage.render(viewModel, for: request)
    }
  }

  private func matchesViewModel(_ page: PageNumber, viewer: Viewer) throws -> MatchesViewModel {
    let editable = viewer.may(LeagueAccess.editing)
    let viewModel = MatchesViewModel(
      store: store, page: page.number, viewer: viewer,
      keptRows: editable ? editableRows : readOnlyRows)
    do {
      try viewModel.refresh()
    } catch let error as Paging.OutOfRange {
      throw PageParameter.notFound(error, list: "matches")
    }
    return viewModel
  }

  /// The match form's view model: for a post or an input event, the form the fields are sent
  /// into (a fresh token, replaced by the posted one); for the page, the match as stored, a new
  /// one, or the draft coming back from the child flow exactly as it left.
  private func matchForm(
    _ form: FormRequest<EditMatchViewModel>, matchID: UUID?
  ) throws -> EditMatchViewModel {
    let request = form.request
    if form.submission != nil {
      // An input event saves nothing, so it needs no token of its own.
      let token = form.isInputEvent ? "" : Self.newToken()
      guard
        let viewModel = try EditMatchViewModel.posting(
          store: reading(form), matchID: matchID, token: token, keptChoices: choices)
      else { throw Self.noSuchMatch }
      return viewModel
    }
    let carried = request.query.tuples
    let viewModel: EditMatchViewModel
    if MatchDraft.isCarried(by: carried) {
      // Back from the child flow: the draft comes back exactly as it left.
      guard var draft = MatchDraft(pairs: carried, newToken: Self.newToken) else {
        throw Self.noSuchMatch
      }
      draft.matchID = matchID
      try ensureExists(matchID)
      viewModel = try EditMatchViewModel(store: store, draft: draft, keptChoices: choices)
    } else {
      viewModel = try formViewModel(request, matchID: matchID, token: Self.newToken())
    }
    viewModel.notice = form.notice
    return viewModel
  }

  /// The form of a new match, or of the match `matchID` as stored (404 when there is none).
  private func formViewModel(
    _ request: Request, matchID: UUID?, token: String
  ) throws -> EditMatchViewModel {
    try reading(request) {
      guard let matchID else {
        return try EditMatchViewModel(
          store: store, draft: MatchDraft(token: token), keptChoices: choices)
      }
      guard
        let editing = try EditMatchViewModel.editing(
          store: store, matchID: matchID, token: token, keptChoices: choices)
      else { throw Self.noSuchMatch }
      return editing
    }
  }

  private func delete(_ request: Request, matchID: UUID) throws -> Response {
    _ = try request.checkedForm()
    let viewModel = try formViewModel(request, matchID: matchID, token: "")
    let outcome: Outcome
    do {
      outcome = try viewModel.delete()
    } catch {
      StoreFailure.log(error, request, metrics)
      throw StoreFailure.notSaved
    }
    guard outcome == .done else { throw Self.noSuchMatch }
    return LeagueNotice.matchDeleted.redirect(
      to: request.location(LeagueRoutes.path(for: .matches)), for: request)
  }

  private func ensureExists(_ matchID: UUID?) throws {
    guard let matchID else { return }
    guard try store.match(id: matchID) != nil else { throw Self.noSuchMatch }
  }

  // MARK: Players (a page of its own, and the match form's child flow)

  /// The player form, carrying the match draft it was opened with (`token` marks one), whose
  /// match id must be one.
  private func newPlayerViewModel(
    carrying fields: [(name: String, value: String)], reading store: any LeagueStore
  ) throws(HTTPError) -> NewPlayerViewModel {
    guard MatchDraft.isCarried(by: fields) else { return NewPlayerViewModel(store: store) }
    guard let draft = MatchDraft(pairs: fields, newToken: Self.newToken) else {
      throw Self.noSuchMatch
    }
    return NewPlayerViewModel(store: store, returningTo: draft)
  }

  /// The store a form's view model reads: the store itself, or, for an input event tried on
  /// the thread that read it (`inputsFromMemory`), only what the store keeps in memory, anything
  /// more sending the event to the store's threads.
  private func reading<ViewModel>(_ form: FormRequest<ViewModel>) -> any LeagueStore {
    form.mayReadStore ? store : KeptLeagueReads(store: store)
  }

  // MARK: Rankings

  private func rankings(_ request: Request) throws -> Response {
    try LeagueNotice.showing(on: request) { notice in
      let viewModel = try reading(request) { try rankingsViewModel(viewer: request.viewer) }
      viewModel.notice = notice
      return rankingsPage.render(viewModel, for: request)
    }
  }

  private func rankingsViewModel(viewer: Viewer) throws -> RankingsViewModel {
    let viewModel = RankingsViewModel(store: store, viewer: viewer, keptRows: rankingRows)
    try viewModel.refresh()
    return viewModel
  }

  /// Runs a store read; a failure is logged and answered 503, never disguised as a 404 or 500.
  private func reading<Value>(_ request: Request, _ read: () throws -> Value) throws -> Value {
    try StoreFailure.reading(request, metrics, read)
  }

  private static func newToken() -> String { UUID().lowercasedText }

  private static let noSuchMatch = HTTPError(.notFound, LeagueRoutes.noSuchMatch)
}
