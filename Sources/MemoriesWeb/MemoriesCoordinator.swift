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
      root: mediaDirectory, cacheControl: "public, max-age=31536000, immutable",
      cache: site.configuration.fileCache)
    site.get(MemoriesRoutes.media) { request, _ in
      media.respond(to: request, segments: request.pathSegments.dropFirst())
    }
    site.get(MemoriesRoutes.today) { request in
      let today = MemoriesRoutes.path(for: .issue(IssueKey.today(in: timeZone)))
      return .redirect(to: request.location(today), status: .found)
    }
    site.get(MemoriesRoutes.issue) { request, key in
      data.read(request) {
        issuePage.render(try issueViewModel(key, request), for: request)
      }
    }
    site.get(MemoriesRoutes.detail) { request, key, itemID, presentable in
      data.read(request) {
        let viewModel = try issueViewModel(key, request)
        guard let detail = viewModel.detail(itemID: itemID, presentable) else {
          throw HTTPError(.notFound, MemoriesRoutes.noSuchDetail)
        }
        return detailPage.render(detail, for: request)
      }
    }
  }

  private func issueViewModel(_ key: IssueKey, _ request: Request) throws -> IssueViewModel {
    let issue = try StoreFailure.reading(request, metrics) { try store.issue(for: key) }
    let directory = mediaDirectory
    return IssueViewModel(issue: issue, timeZone: timeZone) { file in
      FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(file))
    }
  }
}
