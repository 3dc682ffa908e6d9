import Foundation
import MVVMWebViewModels

/// One item of an issue: its source and time, its block (one of six kinds, each with its own
/// view model and partial template: exactly one of the block outputs is present), its
/// interactions and its share action, and the detail pages it leads to.
@Outputs
public struct UserContentViewModel {
  @OutputIgnored public let item: UserContent
  @OutputIgnored public let key: IssueKey
  /// The zone whose clock shows the times: its offset at each instant says the hour.
  private let timeZone: TimeZone
  private let image: (MediaRef, Bool) -> ImageViewModel
  /// Images of the first item load at once; the rest as they scroll near.
  private let isActive: Bool

  /// `image` turns a media reference into an image view model (it knows the media folder).
  public init(
    item: UserContent, key: IssueKey, isActive: Bool, timeZone: TimeZone,
    image: @escaping (MediaRef, Bool) -> ImageViewModel
  ) {
    self.item = item
    self.key = key
    self.isActive = isActive
    self.image = image
    self.timeZone = timeZone
  }

  public var anchor: String { "item-\(item.id)" }
  public var source: String { item.source }
  /// "18:30", in the issue's time zone.
  public var timeText: String { clockText(item.createdAt) }

  public var photoAlbum: PhotoAlbumViewModel? {
    guard case .photoAlbum(let photos) = item.block else { return nil }
    return PhotoAlbumViewModel(
      photos: photos.map { PhotoViewModel(image: image($0.image, isActive), caption: $0.caption) })
  }

  public var video: VideoViewModel? {
    guard case .video(let poster, let duration, let link) = item.block else { return nil }
    return VideoViewModel(
      poster: image(poster, isActive), durationSeconds: duration, link: .web(link))
  }

  public var text: TextWithLinksViewModel? {
    guard case .textWithLinks(let text) = item.block else { return nil }
    return TextWithLinksViewModel(text: text)
  }

  public var event: EventViewModel? {
    guard case .event(let title, let start, let end, let place) = item.block else { return nil }
    return EventViewModel(
      title: title, whenText: "\(clockText(start))–\(clockText(end))",
      place: place)
  }

  public var location: LocationViewModel? {
    guard case .location(let name, let latitude, let longitude) = item.block else { return nil }
    return LocationViewModel(name: name, latitude: latitude, longitude: longitude)
  }

  public var link: LinkViewModel? {
    guard case .link(let title, let url, let siteName, let picture) = item.block else { return nil }
    return LinkViewModel(
      title: title, url: .web(url), siteName: siteName, image: picture.map { image($0, isActive) })
  }

  /// The likes and comments, when there are any.
  public var interactions: InteractionsViewModel? {
    item.interactions.isEmpty ? nil : InteractionsViewModel(interactions: item.interactions)
  }

  public var share: ShareViewModel {
    ShareViewModel(subject: "A memory from \(item.source)", body: shareBody)
  }

  /// The block's detail page, if it has one (location, event, link).
  public var detail: MemoriesDestination? {
    blockDetail.map { .detail(key, itemID: item.id, $0) }
  }

  /// The page of likes and comments, when there are any.
  public var interactionsDetail: MemoriesDestination? {
    item.interactions.isEmpty ? nil : .detail(key, itemID: item.id, .interactions)
  }

  /// Which detail page the block has, if any.
  @OutputIgnored public var blockDetail: Presentable? {
    switch item.block {
    case .location: .location
    case .event: .event
    case .link: .link
    default: nil
    }
  }

  /// Every detail page this item can lead to.
  @OutputIgnored public var presentables: [Presentable] {
    (blockDetail.map { [$0] } ?? []) + (item.interactions.isEmpty ? [] : [.interactions])
  }

  /// "19:00": hours and minutes on the zone's clock at `date`. The zone's offset at that very
  /// instant (its summer time included) is Foundation's data; the text is written without a
  /// formatter. Empty for an instant no clock shows (NaN, or beyond 2⁶³ seconds).
  private func clockText(_ date: Date) -> String {
    TimeOfDay(
      secondsSince1970: date.timeIntervalSince1970,
      utcOffsetSeconds: timeZone.secondsFromGMT(for: date)
    )?.text(.hoursAndMinutes) ?? ""
  }

  private var shareBody: String {
    switch item.block {
    case .photoAlbum(let photos): photos.map(\.caption).joined(separator: ", ")
    case .video(_, _, let link): link
    case .textWithLinks(let text): text
    case .event(let title, _, _, let place): "\(title) at \(place)"
    case .location(let name, _, _): name
    case .link(let title, let url, _, _): "\(title) \(url)"
    }
  }
}
