import Foundation
import HTTPServer
import League
import MVVM

/// Navigation for the league: which view model each address builds, how a form post becomes
/// view-model input, and where the browser goes when the view model says done, cancelled or failed.
/// "Add a player" from the match form is a child flow: the form's fields travel to the player
/// form and come back, so nothing typed is lost.
struct LeagueCoordinator: Sendable {
  let store: any LeagueStore
  let pages: PageRenderer

  func register(in router: inout Router) {
    router.get("/matches") { request in try matches(request) }
    router.get("/matches/new") { request in try matchForm(request, matchID: nil) }
    router.post("/matches/new") { request in try saveMatch(request, matchID: nil) }
    router.get("/matches/:id/edit") { request in
      try matchForm(request, matchID: request.routeParameters["id"])
    }
    router.post("/matches/:id/edit") { request in
      try saveMatch(request, matchID: request.routeParameters["id"])
    }
    router.get("/matches/:id/delete") { request in try confirmDelete(request) }
    router.post("/matches/:id/delete") { request in try delete(request) }
    router.get("/players/new") { request in
      try playerForm(NewPlayerViewModel(store: store), request)
    }
    router.post("/players/new") { request in try savePlayer(request) }
    router.get("/rankings") { request in try rankings(request) }
  }

  // MARK: Matches

  private func matches(_ request: Request) throws -> Response {
    let notice = Notice.carried(by: request)
    let viewModel = MatchesViewModel(store: store, notice: notice?.text)
    try viewModel.refresh()
    let rows = viewModel.rows.map { row in
      ExtendedOutputs(row, ["editLink": .url("/matches/\(row.id)/edit")]) as any Outputs
    }
    var response = pages.render(
      .matches, ExtendedOutputs(viewModel, ["rows": .list(rows)]), for: request)
    if notice != nil { Notice.clear(&response, for: request) }
    return response
  }

  private func matchForm(_ request: Request, matchID: String?) throws -> Response {
    let carried = request.query.tuples
    let viewModel: EditMatchViewModel
    if carried.contains(where: { $0.name == "token" }) {
      // Back from the child flow: the draft comes back exactly as it left.
      var draft = MatchDraft(pairs: carried, newToken: Self.newToken)
      draft.matchID = matchID
      try ensureExists(matchID)
      viewModel = try EditMatchViewModel(store: store, draft: draft)
    } else if let matchID {
      guard
        let editing = try EditMatchViewModel.editing(
          store: store, matchID: matchID, token: Self.newToken())
      else {
        throw Self.noSuchMatch
      }
      viewModel = editing
    } else {
      viewModel = try EditMatchViewModel(store: store, draft: MatchDraft(token: Self.newToken()))
    }
    return renderForm(viewModel, request, status: .ok)
  }

  private func saveMatch(_ request: Request, matchID: String?) throws -> Response {
    let form = try request.checkedForm()
    try ensureExists(matchID)
    var draft = MatchDraft(pairs: form.tuples, newToken: Self.newToken)
    draft.matchID = matchID
    let viewModel = try EditMatchViewModel(store: store, draft: draft)
    switch viewModel.save() {
    case .done: return Notice.matchSaved.redirect(to: request.location("/matches"), for: request)
    case .cancelled: return .redirect(to: request.location("/matches"))
    case .failed: return renderForm(viewModel, request, status: .unprocessableContent)
    }
  }

  private func renderForm(
    _ viewModel: EditMatchViewModel, _ request: Request, status: HTTPStatus
  ) -> Response {
    let base = viewModel.draft.matchID.map { "/matches/\($0)" }
    let outputs = ExtendedOutputs(
      viewModel,
      [
        "action": .url(base.map { "\($0)/edit" } ?? "/matches/new"),
        "deleteLink": .url(base.map { "\($0)/delete" } ?? "/matches"),
      ])
    return pages.render(.matchForm, outputs, for: request, status: status)
  }

  private func confirmDelete(_ request: Request) throws -> Response {
    let id = request.routeParameters["id"] ?? ""
    guard let viewModel = try EditMatchViewModel.editing(store: store, matchID: id, token: "")
    else {
      throw Self.noSuchMatch
    }
    let outputs = ExtendedOutputs(
      viewModel,
      ["action": .url("/matches/\(id)/delete"), "cancelLink": .url("/matches/\(id)/edit")])
    return pages.render(.matchDelete, outputs, for: request)
  }

  private func delete(_ request: Request) throws -> Response {
    _ = try request.checkedForm()
    let id = request.routeParameters["id"] ?? ""
    guard let viewModel = try EditMatchViewModel.editing(store: store, matchID: id, token: "")
    else {
      throw Self.noSuchMatch
    }
    guard viewModel.delete() == .done else { throw Self.noSuchMatch }
    return Notice.matchDeleted.redirect(to: request.location("/matches"), for: request)
  }

  private func ensureExists(_ matchID: String?) throws {
    guard let matchID else { return }
    guard let id = UUID(uuidString: matchID), try store.match(id: id) != nil else {
      throw Self.noSuchMatch
    }
  }

  // MARK: Players (a page of its own, and the match form's child flow)

  private func playerForm(
    _ viewModel: NewPlayerViewModel, _ request: Request, status: HTTPStatus = .ok
  ) throws(HTTPError) -> Response {
    let carried =
      request.method == "GET" ? request.query.tuples : ((try? request.form())?.tuples ?? [])
    let draftFields = Set(["match", "home", "away", "homeGoals", "awayGoals", "token"])
    let draft = carried.filter { draftFields.contains($0.name) }
    let outputs = ExtendedOutputs(
      viewModel,
      [
        "carried": .list(draft.map { HiddenField(name: $0.name, value: $0.value) }),
        "cancelLink": .url(try Self.returnPath(draft) ?? "/rankings"),
      ])
    return pages.render(.playerForm, outputs, for: request, status: status)
  }

  private func savePlayer(_ request: Request) throws -> Response {
    let form = try request.checkedForm()
    let viewModel = NewPlayerViewModel(store: store)
    viewModel.setName(form["name"] ?? "")
    switch viewModel.save() {
    case .done:
      let draft = form.tuples.filter { $0.name != "name" }
      if let back = try Self.returnPath(draft) {
        return .redirect(to: request.location(back))
      }
      return .redirect(to: request.location("/rankings"))
    case .cancelled:
      return .redirect(to: request.location("/rankings"))
    case .failed:
      return try playerForm(viewModel, request, status: .unprocessableContent)
    }
  }

  /// Where the child flow returns: the match form it came from, with its draft. The match id
  /// comes from the form, so it is checked to be one before it goes into a path (a value with
  /// CR LF would otherwise split the redirect's headers); the draft's fields are percent-encoded.
  private static func returnPath(
    _ draft: [(name: String, value: String)]
  ) throws(HTTPError)
    -> String?
  {
    guard draft.contains(where: { $0.name == "token" }) else { return nil }
    var path = "/matches/new"
    if let matchID = draft.first(where: { $0.name == "match" })?.value, !matchID.isEmpty {
      guard let id = UUID(uuidString: matchID) else { throw noSuchMatch }
      path = "/matches/\(id.uuidString.lowercased())/edit"
    }
    return path + queryString(draft.filter { $0.name != "match" })
  }

  // MARK: Rankings

  private func rankings(_ request: Request) throws -> Response {
    let viewModel = RankingsViewModel(store: store)
    try viewModel.refresh()
    return pages.render(.rankings, viewModel, for: request)
  }

  private static func newToken() -> String { UUID().uuidString.lowercased() }

  private static let noSuchMatch = HTTPError(
    .notFound, "There is no match at this address. It may have been deleted.")
}
