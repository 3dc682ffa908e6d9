import Foundation
import MVVMWeb
import Memories

/// The memories (Timehop's issues): an "on this day" issue of albums of user content, each
/// item's detail pages, and the media files.
public struct MemoriesFeature: Feature {
  let store: any MemoriesStore
  let data: StoreWork
  let mediaDirectory: String
  let timeZone: TimeZone

  /// The memories of `store`, their images in `mediaDirectory`; "today" is the day in `timeZone`.
  public init(
    store: any MemoriesStore, data: StoreWork, mediaDirectory: String, timeZone: TimeZone
  ) {
    self.store = store
    self.data = data
    self.mediaDirectory = mediaDirectory
    self.timeZone = timeZone
  }

  public func register(in site: inout Site) throws {
    site.links(for: MemoriesDestination.self) { MemoriesRoutes.path(for: $0) }
    try MemoriesCoordinator(
      store: store, data: data, mediaDirectory: mediaDirectory, timeZone: timeZone,
      metrics: site.configuration.metrics, issuePage: site.declare(IssuePage.self),
      detailPage: site.declare(MemoryDetailPage.self)
    ).register(in: &site)
  }
}

enum IssuePage: Page {
  typealias ViewModel = IssueViewModel
  static let template = "issue.xhtml"
}

enum MemoryDetailPage: Page {
  typealias ViewModel = MemoryDetailViewModel
  static let template = "memory-detail.xhtml"
}
