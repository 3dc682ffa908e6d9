import Foundation
import MVVM

/// One item of an issue: its source and time, its block (one of six kinds, each with its own
/// view model and partial template), its interactions and its share action.
public struct UserContentViewModel: Outputs {
  public let item: UserContent
  /// Hours and minutes in the time zone; made once per item, not once per output.
  private let clock: DateFormatter
  let image: (MediaRef, Bool) -> ImageViewModel
  /// Images of the first item load at once; the rest as they scroll near.
  let isActive: Bool

  /// `image` turns a media reference into an image view model (it knows the media folder).
  public init(
    item: UserContent, isActive: Bool, timeZone: TimeZone,
    image: @escaping (MediaRef, Bool) -> ImageViewModel
  ) {
    self.item = item
    self.isActive = isActive
    self.image = image
    clock = DateFormatter()
    clock.locale = Locale(identifier: "en_US_POSIX")
    clock.timeZone = timeZone
    clock.dateFormat = "HH:mm"
  }

  /// The block's detail page, if it has one (location, event, link).
  public var blockDetail: Presentable? {
    switch item.block {
    case .location: .location
    case .event: .event
    case .link: .link
    default: nil
    }
  }

  /// Every detail page this item can lead to.
  public var presentables: [Presentable] {
    (blockDetail.map { [$0] } ?? []) + (item.interactions.isEmpty ? [] : [.interactions])
  }

  var kindName: String {
    switch item.block {
    case .photoAlbum: "photoAlbum"
    case .video: "video"
    case .textWithLinks: "text"
    case .event: "event"
    case .location: "location"
    case .link: "link"
    }
  }

  private func time(_ date: Date) -> String {
    clock.string(from: date)
  }

  public var photoAlbum: PhotoAlbumViewModel {
    guard case .photoAlbum(let photos) = item.block else { return PhotoAlbumViewModel(photos: []) }
    return PhotoAlbumViewModel(
      photos: photos.map { PhotoViewModel(image: image($0.image, isActive), caption: $0.caption) })
  }

  public var video: VideoViewModel {
    guard case .video(let poster, let duration, let link) = item.block else {
      return VideoViewModel(
        poster: image(MediaRef(file: "", width: 0, height: 0, alt: ""), false), durationSeconds: 0,
        link: "")
    }
    return VideoViewModel(poster: image(poster, isActive), durationSeconds: duration, link: link)
  }

  public var text: TextWithLinksViewModel {
    guard case .textWithLinks(let text) = item.block else {
      return TextWithLinksViewModel(text: "")
    }
    return TextWithLinksViewModel(text: text)
  }

  public var event: EventViewModel {
    guard case .event(let title, let start, let end, let place) = item.block else {
      return EventViewModel(title: "", whenText: "", place: "")
    }
    return EventViewModel(title: title, whenText: "\(time(start))–\(time(end))", place: place)
  }

  public var location: LocationViewModel {
    guard case .location(let name, let latitude, let longitude) = item.block else {
      return LocationViewModel(name: "", latitude: 0, longitude: 0)
    }
    return LocationViewModel(name: name, latitude: latitude, longitude: longitude)
  }

  public var link: LinkViewModel {
    guard case .link(let title, let url, let siteName, let picture) = item.block else {
      return LinkViewModel(title: "", url: "", siteName: "", image: nil)
    }
    return LinkViewModel(
      title: title, url: url, siteName: siteName, image: picture.map { image($0, isActive) })
  }

  public static let outputSchema = OutputSchema([
    "id": .text, "anchor": .text, "source": .text, "timeText": .text, "kind": .text,
    "isPhotoAlbum": .flag, "isVideo": .flag, "isText": .flag, "isEvent": .flag, "isLocation": .flag,
    "isLink": .flag,
    "photoAlbum": .object(PhotoAlbumViewModel.outputSchema),
    "video": .object(VideoViewModel.outputSchema),
    "text": .object(TextWithLinksViewModel.outputSchema),
    "event": .object(EventViewModel.outputSchema),
    "location": .object(LocationViewModel.outputSchema),
    "link": .object(LinkViewModel.outputSchema),
    "interactions": .object(InteractionsViewModel.outputSchema), "hasInteractions": .flag,
    "share": .object(ShareViewModel.outputSchema), "hasDetail": .flag, "detailKind": .text,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "id": .text(item.id)
    case "anchor": .text("item-\(item.id)")
    case "source": .text(item.source)
    case "timeText": .text(time(item.createdAt))
    case "kind": .text(kindName)
    case "isPhotoAlbum": .flag(kindName == "photoAlbum")
    case "isVideo": .flag(kindName == "video")
    case "isText": .flag(kindName == "text")
    case "isEvent": .flag(kindName == "event")
    case "isLocation": .flag(kindName == "location")
    case "isLink": .flag(kindName == "link")
    case "photoAlbum": .object(photoAlbum)
    case "video": .object(video)
    case "text": .object(text)
    case "event": .object(event)
    case "location": .object(location)
    case "link": .object(link)
    case "interactions": .object(InteractionsViewModel(interactions: item.interactions))
    case "hasInteractions": .flag(!item.interactions.isEmpty)
    case "share": .object(ShareViewModel(subject: "A memory from \(item.source)", body: shareBody))
    case "hasDetail": .flag(blockDetail != nil)
    case "detailKind": .text(blockDetail?.rawValue ?? "")
    default: nil
    }
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
