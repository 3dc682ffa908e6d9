import Foundation
import MVVMWebViewModels

/// One year's items on the issue's day: "1 year ago · 2014".
@Outputs
public struct AlbumViewModel {
  public var heading: String
  public var items: [UserContentViewModel]
}

/// Timehop's issue: what was posted on this day in earlier years, as albums of items, or the
/// empty day's "No memories today".
@Outputs
public struct IssueViewModel {
  @OutputIgnored public let issue: Issue
  public let albums: [AlbumViewModel]

  /// `mediaExists` says whether an image file is there; a missing one shows the placeholder.
  public init(issue: Issue, timeZone: TimeZone, mediaExists: @escaping (String) -> Bool) {
    self.issue = issue
    let image = { (media: MediaRef, active: Bool) in
      ImageViewModel(
        source: mediaExists(media.file) ? Link(MemoriesDestination.media(media.file)) : nil,
        width: media.width, height: media.height, alt: media.alt, isActive: active,
        placeholder: Link(Asset("placeholder.svg")))
    }
    var first = true
    albums = issue.albums.map { album in
      let years = issue.key.year - album.year
      return AlbumViewModel(
        heading: "\(years) year\(years == 1 ? "" : "s") ago · \(album.year)",
        items: album.items.map { item in
          defer { first = false }
          return UserContentViewModel(
            item: item, key: issue.key, isActive: first, timeZone: timeZone, image: image)
        })
    }
  }

  /// The detail page `detail` of the item with this id; nil when there is no such item or the
  /// item has no such page.
  public func detail(itemID: String, _ detail: Presentable) -> MemoryDetailViewModel? {
    guard let item = albums.lazy.flatMap(\.items).first(where: { $0.item.id == itemID }),
      item.presentables.contains(detail)
    else { return nil }
    return MemoryDetailViewModel(item: item, showing: detail, dateText: dateText)
  }

  /// "Monday, March 9, 2015"
  public var dateText: String { issue.key.date.text(.full) }

  public var title: String { "On this day" }
  public var isEmpty: Bool { albums.isEmpty }
  public var emptyTitle: String { "No memories today" }
  public var emptyHint: String { "Try again tomorrow!" }
}
