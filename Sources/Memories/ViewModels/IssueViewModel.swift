import Foundation
import MVVM

/// One year's items on the issue's day: "1 year ago · 2014".
public struct AlbumViewModel: Outputs {
  public var heading: String
  public var items: [UserContentViewModel]

  public static let outputSchema = OutputSchema([
    "heading": .text, "items": .list(UserContentViewModel.outputSchema),
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "heading": .text(heading)
    case "items": .list(items)
    default: nil
    }
  }
}

/// Timehop's issue: what was posted on this day in earlier years, as albums of items, or the
/// empty day's "No memories today".
public struct IssueViewModel: Outputs {
  public let issue: Issue
  public let albums: [AlbumViewModel]

  /// `mediaExists` says whether an image file is there; a missing one shows the placeholder.
  public init(issue: Issue, timeZone: TimeZone, mediaExists: @escaping (String) -> Bool) {
    self.issue = issue
    let image = { (media: MediaRef, active: Bool) in
      ImageViewModel(
        url: mediaExists(media.file) ? "/media/\(media.file)" : nil, width: media.width,
        height: media.height,
        altText: media.alt, isActive: active, placeholderURL: "/static/placeholder.svg")
    }
    var first = true
    albums = issue.albums.map { album in
      let years = issue.key.year - album.year
      return AlbumViewModel(
        heading: "\(years) year\(years == 1 ? "" : "s") ago · \(album.year)",
        items: album.items.map { item in
          defer { first = false }
          return UserContentViewModel(item: item, isActive: first, timeZone: timeZone, image: image)
        })
    }
  }

  /// The item with this id, to present its detail page.
  public func item(id: String) -> UserContentViewModel? {
    albums.lazy.flatMap(\.items).first { $0.item.id == id }
  }

  /// "Monday, March 9, 2015"
  public var dateText: String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEEE, MMMM d, yyyy"
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let date = calendar.date(
      from: DateComponents(year: issue.key.year, month: issue.key.month, day: issue.key.day))!
    return formatter.string(from: date)
  }

  public static let outputSchema = OutputSchema([
    "title": .text, "dateText": .text, "albums": .list(AlbumViewModel.outputSchema),
    "isEmpty": .flag,
    "emptyTitle": .text, "emptyHint": .text,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "title": .text("On this day")
    case "dateText": .text(dateText)
    case "albums": .list(albums)
    case "isEmpty": .flag(albums.isEmpty)
    case "emptyTitle": .text("No memories today")
    case "emptyHint": .text("Try again tomorrow!")
    default: nil
    }
  }
}
