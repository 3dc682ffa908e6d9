import Foundation
import MVVMWeb
import Memories

/// The memories: today's issue, any day's issue, an item's detail pages (chosen from what the
/// issue view model says the item can present, as Timehop's IssueViewController does) and the
/// media images.
struct MemoriesCoordinator: Sendable {
  let store: any MemoriesStore
  /// Runs the pages that read the store on the store's threads.
  let data: StoreWork
  let mediaDirectory: String
  let timeZone: TimeZone
  let metrics: AppMetrics
  let issuePage: PageView<IssuePage>
  let detailPage: PageView<MemoryDetailPage>

  func register(in site: inout Site) throws {
    let media = try StaticFiles(
      root: mediaDirectory, cacheControl: "public, max-age=31536000, immutable")
    site.get(MemoriesRoutes.media) { request in
      media.respond(to: request, segments: request.pathSegments.dropFirst())
    }
    site.get(MemoriesRoutes.today) { request in
      let today = MemoriesRoutes.path(for: .issue(IssueKey.today(in: timeZone)))
      return .redirect(to: request.location(today), status: .found)
    }
    site.get(MemoriesRoutes.issue) { request in
      data.read(request) {
        issuePage.render(try issueViewModel(request), for: request)
      }
    }
    site.get(MemoriesRoutes.detail) { request in
      data.read(request) { try detailPage(request) }
    }
  }

  private func issueViewModel(_ request: Request) throws -> IssueViewModel {
    let text = request.routeParameters["key"] ?? ""
    guard let key = IssueKey(text) else {
      throw HTTPError(
        .notFound,
        "There is no issue for “\(text)”: an issue's address is a real date written like 20150309.")
    }
    let issue: Issue
    do {
      issue = try store.issue(for: key)
    } catch {
      StoreFailure.log(error, request, metrics)
      throw StoreFailure.notRead
    }
    let directory = mediaDirectory
    return IssueViewModel(issue: issue, timeZone: timeZone) { file in
      FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(file))
    }
  }

  private func detailPage(_ request: Request) throws -> Response {
    let viewModel = try issueViewModel(request)
    guard let presentable = Presentable(rawValue: request.routeParameters["detail"] ?? ""),
      let detail = viewModel.detail(itemID: request.routeParameters["id"] ?? "", presentable)
    else {
      throw HTTPError(
        .notFound, "This memory has no such page. Go back to the issue to see what it holds.")
    }
    return detailPage.render(detail, for: request)
  }
}
