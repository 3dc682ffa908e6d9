import Foundation
import HTTPServer
import MVVM
import Memories

/// The memories: today's issue, any day's issue, an item's detail pages (chosen from what the
/// issue view model says the item can present, as Timehop's IssueViewController does) and the
/// media images.
struct MemoriesCoordinator: Sendable {
  let store: any MemoriesStore
  let mediaDirectory: String
  let timeZone: TimeZone
  let pages: PageRenderer

  func register(in router: inout Router) throws {
    let media = try StaticFiles(
      root: mediaDirectory, cacheControl: "public, max-age=31536000, immutable")
    router.get("/media/*path") { request in
      media.respond(to: request, segments: request.pathSegments.dropFirst())
    }
    router.get("/issues/today") { request in
      .redirect(to: request.location("/issues/\(IssueKey.today(in: timeZone))"), status: .found)
    }
    router.get("/issues/:key") { request in try issuePage(request) }
    router.get("/issues/:key/items/:id/:detail") { request in try detailPage(request) }
  }

  private func issueViewModel(_ request: Request) throws -> IssueViewModel {
    let text = request.routeParameters["key"] ?? ""
    guard let key = IssueKey(text) else {
      throw HTTPError(
        .notFound,
        "There is no issue for “\(text)”: an issue's address is a real date written like 20150309.")
    }
    let directory = mediaDirectory
    return IssueViewModel(issue: try store.issue(for: key), timeZone: timeZone) { file in
      FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(file))
    }
  }

  private func issuePage(_ request: Request) throws -> Response {
    let viewModel = try issueViewModel(request)
    let key = viewModel.issue.key
    let albums = viewModel.albums.map { Self.linked($0, key) }
    return pages.render(.issue, ExtendedOutputs(viewModel, ["albums": .list(albums)]), for: request)
  }

  private func detailPage(_ request: Request) throws -> Response {
    let viewModel = try issueViewModel(request)
    guard let item = viewModel.item(id: request.routeParameters["id"] ?? ""),
      let detail = Presentable(rawValue: request.routeParameters["detail"] ?? ""),
      item.presentables.contains(detail)
    else {
      throw HTTPError(
        .notFound, "This memory has no such page. Go back to the issue to see what it holds.")
    }
    var extra: [String: Output] = [
      "backLink": .url("/issues/\(viewModel.issue.key)#item-\(item.item.id)"),
      "dateText": .text(viewModel.dateText),
    ]
    for presentable in Presentable.allCases {
      extra[
        "shows" + presentable.rawValue.prefix(1).uppercased() + presentable.rawValue.dropFirst()] =
        .flag(
          presentable == detail)
    }
    return pages.render(.memoryDetail, ExtendedOutputs(item, extra), for: request)
  }

  /// An album whose items carry the links to their detail pages.
  // Swift 6.3.1's optimizer crashes on this function (CopyPropagation, "Found ownership error");
  // it runs once per item per page, so leaving it unoptimized costs nothing measurable.
  @_optimize(none)
  private static func linked(_ album: AlbumViewModel, _ key: IssueKey) -> any Outputs {
    var items: [any Outputs] = []
    for item in album.items {
      let detail = item.blockDetail.map { detailPath(key, item, $0) } ?? ""
      items.append(
        ExtendedOutputs(
          item,
          [
            "detailLink": .url(detail),
            "interactionsLink": .url(detailPath(key, item, .interactions)),
          ]))
    }
    return ExtendedOutputs(album, ["items": .list(items)])
  }

  private static func detailPath(
    _ key: IssueKey, _ item: UserContentViewModel, _ detail: Presentable
  ) -> String {
    "/issues/\(key)/items/\(item.item.id)/\(detail.rawValue)"
  }
}
